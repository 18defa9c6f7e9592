import { Box, Static, Text } from 'ink';
import type { Progress } from '../../data/import/pipeline.js';
import type { ImportResult } from '../../domain/types.js';

export interface FinishedFile {
  file: string;
  result?: ImportResult;
  /** Set when the file failed as a whole. */
  message?: string;
  elapsedMs: number;
}

export interface ImportViewState {
  finished: FinishedFile[];
  current?: { file: string; index: number; total: number; progress?: Progress };
  summary?: ImportResult & { files: number; elapsedMs: number };
}

const BAR_WIDTH = 30;
const n = (v: number) => v.toLocaleString('en-US');
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Finished files as static lines, one live bar, then the summary. */
export function ImportProgressView({ finished, current, summary }: ImportViewState) {
  return (
    <Box flexDirection="column">
      <Static items={finished}>
        {(f) => (
          <Box key={f.file} flexDirection="column">
            {f.result ? (
              <Text>
                <Text color={f.result.success ? 'green' : 'yellow'}>{f.result.success ? '✓' : '!'}</Text> {f.result.importId === undefined ? '' : `Import ${f.result.importId}: `}{f.file}{' '}
                <Text dimColor>
                  {n(f.result.imported)} imported · {n(f.result.updated)} updated · {n(f.result.skipped)} skipped · {secs(f.elapsedMs)}
                </Text>
              </Text>
            ) : (
              <Text>
                <Text color="red">✗</Text> {f.file} <Text color="red">{f.message}</Text>
              </Text>
            )}
            {f.result?.errors.slice(0, 5).map((e) => (
              <Text key={e} color="yellow">
                {'  '}
                {e}
              </Text>
            ))}
            {f.result && f.result.errors.length > 5 ? <Text dimColor>{`  … ${n(f.result.errors.length - 5)} more`}</Text> : null}
          </Box>
        )}
      </Static>
      {current && !summary ? <LiveLine {...current} /> : null}
      {summary ? (
        <Text bold>
          {summary.success ? <Text color="green">Done</Text> : <Text color="yellow">Done with rejected rows</Text>}: {n(summary.imported)} imported,{' '}
          {n(summary.updated)} updated, {n(summary.skipped)} skipped in {secs(summary.elapsedMs)}
        </Text>
      ) : null}
    </Box>
  );
}

function LiveLine({ file, index, total, progress }: NonNullable<ImportViewState['current']>) {
  const p = progress;
  const fraction = p && p.bytesTotal > 0 ? Math.min(1, p.bytesRead / p.bytesTotal) : 0;
  const filled = Math.round(fraction * BAR_WIDTH);
  const eta = p && fraction > 0.01 ? (p.elapsedMs / fraction - p.elapsedMs) : undefined;
  return (
    <Text>
      {total > 1 ? `[${index + 1}/${total}] ` : ''}
      {file} <Text color="cyan">{'█'.repeat(filled)}</Text>
      <Text dimColor>{'░'.repeat(BAR_WIDTH - filled)}</Text> {Math.floor(fraction * 100)}% · {n(p?.rowsRead ?? 0)} rows · {n(p?.rate ?? 0)} rows/s ·{' '}
      {secs(p?.elapsedMs ?? 0)}
      {eta !== undefined ? ` · ETA ${secs(eta)}` : ''}
    </Text>
  );
}
