import { describe, expect, it } from 'vitest';
import { InputError } from '../../domain/errors.js';
import { BusinessRuleError, businessFromFields, fieldText } from './business-rules.js';

const base = { name: 'Acme', full_address: '1 Main St, Springfield, IL 62701' };

describe('the business rules, apart from any file', () => {
  it('reads field texts into a business without a spreadsheet row around them', () => {
    const business = businessFromFields({ ...base, rating: '4,5', email: 'INFO@Acme.Example' }, 0, { strict: true });
    expect(business).toMatchObject({ name: 'Acme', rating: 4.5, email: 'info@acme.example', identityKey: 'n:acme|1 main st, springfield, il 62701' });
  });

  it('refuses a broken field with an input error naming the field, and no row number', () => {
    const refusal = (() => {
      try {
        businessFromFields({ ...base, email: 'not an address' }, 0, { strict: true });
      } catch (err) {
        return err;
      }
    })();
    expect(refusal).toBeInstanceOf(BusinessRuleError);
    expect(refusal).toBeInstanceOf(InputError);
    expect((refusal as InputError).status).toBe(400);
    expect((refusal as Error).message).toBe('email "not an address" is not an email address');
  });

  it('is lenient with a file\'s odd value unless asked to be strict', () => {
    expect(businessFromFields({ ...base, latitude: '91', longitude: '10' }, 2).latitude).not.toBe(91);
    expect(() => businessFromFields({ ...base, latitude: '91', longitude: '10' }, 2, { strict: true })).toThrow('latitude "91" is not a number between -90 and 90');
  });

  it('cleans a text the way every source is read, and refuses one too long for its field', () => {
    expect(fieldText("  '=1+1\r\n ", 'about')).toBe('=1+1');
    expect(fieldText('   ', 'about')).toBeNull();
    expect(() => fieldText('x'.repeat(301), 'name')).toThrow('name is longer than 300 characters');
  });
});
