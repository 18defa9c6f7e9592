import type { Command } from 'commander';

// Placeholder: filled in by the issue that owns this command.
export function registerSitemapCommands(_program: Command): void {}
