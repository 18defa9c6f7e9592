/** The parts of structured-data-testing-tool (CommonJS, untyped) that e2e/structured-data.test.ts uses. */
declare module 'structured-data-testing-tool' {
  export interface SdttTest {
    test: string;
    type?: 'jsonld' | 'microdata' | 'rdfa' | 'metatag' | 'any';
    expect?: unknown;
    description?: string;
    group?: string;
    schema?: string;
    warning?: boolean;
    optional?: boolean;
    passed?: boolean;
    error?: { message?: string } | string;
  }
  export interface SdttPreset {
    name: string;
    description: string;
    tests?: SdttTest[];
    presets?: SdttPreset[];
    group?: string;
    schema?: string;
    conditional?: SdttTest;
  }
  export interface SdttResult {
    passed: SdttTest[];
    failed: SdttTest[];
    warnings: SdttTest[];
    schemas: string[];
    structuredData: { jsonld: Record<string, Array<Record<string, unknown>>>; metatags: Record<string, string[]> };
  }
  const sdtt: {
    /** A URL is fetched; a Buffer is read as HTML (what the tests give it: no network). Rejects when a test fails: `err.res` holds the result. */
    structuredDataTest(input: string | Buffer, options?: { presets?: SdttPreset[]; schemas?: string[]; tests?: SdttTest[] }): Promise<SdttResult>;
  };
  export default sdtt;
}

declare module 'structured-data-testing-tool/presets.js' {
  import type { SdttPreset } from 'structured-data-testing-tool';
  const presets: { Google: SdttPreset; SocialMedia: SdttPreset; Twitter: SdttPreset; Facebook: SdttPreset };
  export default presets;
}
