/**
 * The head of a 1×1 PNG: enough for every upload, which recognises a picture by its content
 * (file-type reads the signature and the IHDR chunk), never by its name.
 */
export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
]);
