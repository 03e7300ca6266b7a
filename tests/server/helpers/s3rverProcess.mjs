// An S3-compatible server for the tests (s3rver), in a process of its own: node runs it with
// --openssl-legacy-provider, since s3rver encrypts ListObjectsV2 continuation tokens with DES.
// Arguments: a data directory, then the buckets to create. Prints {"port":…} once listening, and
// ends when its parent closes stdin (so a test worker that dies takes it along).
import S3rver from 's3rver';

const [directory, ...buckets] = process.argv.slice(2);
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory,
  configureBuckets: buckets.map((name) => ({ name })),
});
const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ port })}\n`);
process.stdin.resume();
process.stdin.on('close', () => process.exit(0));
