/** The parts of tar-stream 2 (CommonJS, untyped) that data/backup/archive.ts uses. */
declare module 'tar-stream' {
  import type { Readable, Writable } from 'node:stream';

  export interface Headers {
    name: string;
    size?: number;
    mode?: number;
    mtime?: Date;
    type?: 'file' | 'directory' | 'symlink' | 'link' | 'character-device' | 'block-device' | 'fifo' | 'contiguous-file' | 'pax-header' | 'pax-global-header' | 'gnu-long-link-path' | 'gnu-long-path' | null;
  }

  export interface Pack extends Readable {
    /** A file entry of `header.size` bytes written to the returned stream, or a directory or a buffer's entry. */
    entry(header: Headers, callback?: (err?: Error | null) => void): Writable;
    entry(header: Headers, buffer: Buffer | string, callback?: (err?: Error | null) => void): Writable;
    finalize(): void;
  }

  export interface Extract extends Writable {
    on(event: 'entry', listener: (header: Headers, stream: Readable, next: (err?: Error) => void) => void): this;
    on(event: 'finish' | 'close', listener: () => void): this;
    on(event: 'error', listener: (err: Error) => void): this;
  }

  export function pack(): Pack;
  export function extract(): Extract;
}
