import type { OutputFormat } from './output-format';

/**
 * Bytes of the frames [from, to) of one CBR encode (counted from the encode's first frame),
 * known before they are encoded. A CBR frame is the bitrate's whole bytes, plus one padding
 * byte whenever the frames so far have fallen a byte behind the bitrate: LAME pads
 * ceil((n - 1) * remainder / rate) of an encode's first n frames (never the first one), where
 * the remainder is that of bytes per frame times the rate. So the sizes depend only on the
 * format and where each frame sits in its encode, and a render states its length (the Info
 * tag's byte count, the answer's Content-Length) before its frames are made; each encode's
 * frames are checked against it as they come.
 */
export function cbrFramesBytes(format: OutputFormat, from: number, to: number): number {
  // Bytes per frame times the rate: samples per frame / 8 bits x kbit/s x 1000.
  const scaled = format.frameSamples * 125 * format.bitrateKbps;
  const whole = Math.floor(scaled / format.sampleRate);
  const remainder = scaled % format.sampleRate;
  const padded = (frames: number) => (frames <= 1 ? 0 : Math.ceil(((frames - 1) * remainder) / format.sampleRate));
  return whole * (to - from) + padded(to) - padded(from);
}
