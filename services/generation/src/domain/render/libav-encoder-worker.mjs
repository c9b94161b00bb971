// One MP3 encode at a time, in a worker thread, with LAME inside FFmpeg's libavcodec as
// node-av ships it (an npm package with FFmpeg's libraries prebuilt). In process, so no
// pipe and no process start per piece; in a worker, so the service's event loop never waits
// on LAME. Plain JavaScript on purpose: a worker thread runs outside tsx and jest's module
// system, so it cannot be TypeScript. Protocol (libav-encoder-pool.ts is the other side):
//
//   pool -> worker  { type: 'start', job, sampleRate, channels, bitrateKbps, reservoir }
//                   { type: 'pcm', job, samples: Int16Array (interleaved, transferred) } -> { type: 'ack', job }
//                   { type: 'end', job }                                                 -> { type: 'done', job, mp3: Uint8Array }
//                   { type: 'cancel', job }                                              -> { type: 'cancelled', job }
//                   { type: 'stop' }  ends the thread once the messages before it are handled (no reply)
//   worker -> pool  { type: 'ready' } once loaded, or { type: 'unavailable', message }
//                   { type: 'error', job, message } for a failed job (the worker stays usable)
// Every reply names its job, so a late reply to a cancelled job is never taken for the next one's.
import { parentPort } from 'node:worker_threads';

let av;
try {
  av = await import('node-av');
  // Errors reach the pool as messages; FFmpeg's own warnings (such as frames dropped when an
  // encode is cancelled) would only be noise on stderr.
  av.Log.setLevel(av.AV_LOG_ERROR);
  parentPort.postMessage({ type: 'ready' });
} catch (error) {
  parentPort.postMessage({ type: 'unavailable', message: String(error?.message ?? error) });
}

/** The encode in progress: its id and its encoder. */
let current = null;

parentPort.on('message', (message) => {
  if (message.type === 'stop') {
    // Stopped between messages, never in the middle of an encode: a thread terminated while
    // it is inside FFmpeg takes the whole process down (a fatal error in the native module).
    closeJob();
    parentPort.close();
    return;
  }
  const job = message.job;
  if (message.type === 'cancel' && current?.job !== job) return void parentPort.postMessage({ type: 'cancelled', job });
  if (message.type !== 'start' && current?.job !== job) return; // a cancelled or failed job's leftovers
  try {
    if (message.type === 'start') {
      closeJob();
      current = { job, encoder: openEncoder(message) };
    } else if (message.type === 'pcm') {
      current.encoder.write(message.samples, false);
      parentPort.postMessage({ type: 'ack', job });
    } else if (message.type === 'end') {
      const mp3 = current.encoder.finish();
      closeJob();
      parentPort.postMessage({ type: 'done', job, mp3 }, [mp3.buffer]);
    } else if (message.type === 'cancel') {
      closeJob();
      parentPort.postMessage({ type: 'cancelled', job });
    }
  } catch (error) {
    closeJob();
    parentPort.postMessage({ type: 'error', job, message: String(error?.message ?? error) });
  }
});

function closeJob() {
  current?.encoder.close();
  current = null;
}

function check(ret, what) {
  if (ret < 0) throw new Error(`${what} failed (${av.FFmpegError ? new av.FFmpegError(ret).message : ret})`);
}

/** Opens libmp3lame: CBR at the given bitrate, bit reservoir on or off, LAME's default quality (as ffmpeg's CLI). */
function openEncoder({ sampleRate, channels, bitrateKbps, reservoir }) {
  const codec = av.Codec.findEncoderByName('libmp3lame');
  if (!codec) throw new Error('This FFmpeg build has no libmp3lame');
  const layout = channels === 2 ? av.AV_CHANNEL_LAYOUT_STEREO : av.AV_CHANNEL_LAYOUT_MONO;
  const ctx = new av.CodecContext();
  ctx.allocContext3(codec);
  const packet = new av.Packet();
  packet.alloc();
  const close = () => {
    packet.free();
    ctx.freeContext();
  };
  try {
    ctx.sampleRate = sampleRate;
    ctx.sampleFormat = av.AV_SAMPLE_FMT_S16P;
    ctx.channelLayout = layout;
    ctx.bitRate = BigInt(bitrateKbps * 1000);
    ctx.timeBase = { num: 1, den: sampleRate };
    // On the codec's private options, not through an options dictionary: node-av frees a
    // dictionary that avcodec_open2 has already consumed, and the process crashes at exit.
    check(ctx.setOption('reservoir', !!reservoir, av.AV_OPT_TYPE_BOOL, av.AV_OPT_SEARCH_CHILDREN), 'Setting the bit reservoir');
    check(ctx.open2Sync(codec, null), 'Opening libmp3lame');
  } catch (error) {
    close();
    throw error;
  }

  const frameSize = ctx.frameSize; // 1152 at 44.1 kHz
  const planar = Buffer.alloc(frameSize * 2 * channels);
  const output = [];
  let outputBytes = 0;
  let carry = new Int16Array(0);
  let pts = 0n;

  const drain = () => {
    while (ctx.receivePacketSync(packet) >= 0) {
      const data = packet.data;
      output.push(Buffer.from(data));
      outputBytes += data.length;
      packet.unref();
    }
  };

  /** Encodes every whole frame of `carry + samples`; keeps the rest (or all of it, with `final`). */
  const write = (samples, final) => {
    let pcm = samples;
    if (carry.length) {
      pcm = new Int16Array(carry.length + samples.length);
      pcm.set(carry);
      pcm.set(samples, carry.length);
    }
    const total = pcm.length / channels;
    let at = 0;
    while (total - at >= frameSize || (final && at < total)) {
      const count = Math.min(frameSize, total - at);
      // libmp3lame takes planar samples: left plane, then right plane.
      const bytes = count * 2;
      for (let c = 0; c < channels; c++) {
        const plane = new Int16Array(planar.buffer, planar.byteOffset + c * bytes, count);
        for (let i = 0, j = at * channels + c; i < count; i++, j += channels) plane[i] = pcm[j];
      }
      const frame = av.Frame.fromAudioBuffer(planar.subarray(0, bytes * channels), {
        nbSamples: count,
        format: av.AV_SAMPLE_FMT_S16P,
        sampleRate,
        channelLayout: layout,
      });
      frame.pts = pts;
      pts += BigInt(count);
      try {
        check(ctx.sendFrameSync(frame), 'Encoding');
      } finally {
        frame.free();
      }
      drain();
      at += count;
    }
    carry = pcm.slice(at * channels);
  };

  return {
    write,
    finish() {
      write(new Int16Array(0), true);
      check(ctx.sendFrameSync(null), 'Flushing the encoder');
      drain();
      const mp3 = new Uint8Array(outputBytes);
      let offset = 0;
      for (const chunk of output) {
        mp3.set(chunk, offset);
        offset += chunk.length;
      }
      return mp3;
    },
    close,
  };
}
