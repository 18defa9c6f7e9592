import { Box, Static, Text } from 'ink';
import type { GeneratedFile, SitemapProgress } from '../../data/sitemap/sitemap.js';

export interface SitemapProgressState {
  progress: SitemapProgress;
  files: GeneratedFile[];
  elapsedMs: number;
}

const BAR_WIDTH = 30;

/** Finished files as static lines, one live bar below them. */
export function SitemapProgressView({ progress, files, elapsedMs }: SitemapProgressState) {
  const pct = progress.planned > 0 ? Math.floor((progress.done * 100) / progress.planned) : 0;
  const filled = Math.round((pct / 100) * BAR_WIDTH);
  const rate = elapsedMs > 0 ? Math.round((progress.done * 1000) / elapsedMs) : 0;
  return (
    <Box flexDirection="column">
      <Static items={files}>
        {(f) => (
          <Text key={f.name}>
            <Text color="green">✓</Text> {f.name} <Text dimColor>{f.count.toLocaleString('en-US')} URLs</Text>
          </Text>
        )}
      </Static>
      <Text>
        {progress.phase === 'counting' ? 'counting URLs… ' : ''}
        <Text color="cyan">{'█'.repeat(filled)}</Text>
        <Text dimColor>{'░'.repeat(BAR_WIDTH - filled)}</Text> {pct}% {progress.done.toLocaleString('en-US')}/
        {progress.planned.toLocaleString('en-US')} URLs · {rate.toLocaleString('en-US')} URLs/s · {(elapsedMs / 1000).toFixed(1)} s
      </Text>
    </Box>
  );
}
