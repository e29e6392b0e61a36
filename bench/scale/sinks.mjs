// Local stand-ins the demo's instances share: an SMTP server that counts what it receives, and an S3-compatible
// bucket (the blog's test server, @20minutes/s3rver) when it is installed.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** An SMTP server on a loopback port that keeps the subject of each message received. */
export async function startSmtpSink() {
  const { SMTPServer } = await import('smtp-server');
  const subjects = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, cb) {
      let raw = '';
      stream.on('data', (d) => (raw += d));
      stream.on('end', () => {
        const m = /^Subject: (.*(?:\r\n[ \t].*)*)/im.exec(raw);
        subjects.push(m ? m[1].replace(/\r\n[ \t]/g, ' ') : '');
        cb();
      });
    },
  });
  // A sender killed mid-conversation resets its connection: that is the demo working, not a reason to stop.
  server.on('error', () => {});
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address();
  return { url: `smtp://127.0.0.1:${port}`, subjects, stop: () => new Promise((r) => server.close(r)) };
}

/** The S3 test server with one bucket, or null when it is not installed (the demo then says so and uses no bucket). */
export async function startS3Sink(bucket) {
  let S3rver;
  try {
    S3rver = (await import('@20minutes/s3rver')).default;
  } catch {
    return null;
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'stealth-scale-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    env: { S3_BUCKET: bucket, S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' },
    stop: async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
