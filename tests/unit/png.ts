/** A PNG's dimensions from its IHDR chunk, which the format puts first. */
export function pngSize(png: Uint8Array): { width: number; height: number } {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  const bytes = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  if (!signature.every((byte, index) => bytes[index] === byte) || bytes.toString('ascii', 12, 16) !== 'IHDR') {
    throw new Error('not a PNG');
  }
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}
