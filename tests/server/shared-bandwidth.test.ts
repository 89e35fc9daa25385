import { describe, expect, it } from 'vitest';
import { SHARED_BYTES_PER_SECOND, SharedBandwidth } from '../../server/plugins/shared-bandwidth';

const MIB = 1024 * 1024;

/** Sends `bytes` through the address's pace; the milliseconds it took and the bytes that came out. */
async function send(bandwidth: SharedBandwidth, address: string, bytes: number) {
  const started = performance.now();
  const paced = bandwidth.pace(address);
  let received = 0;
  paced.on('data', (chunk: Buffer) => (received += chunk.length));
  const done = new Promise((resolve) => paced.on('end', resolve));
  paced.end(Buffer.alloc(bytes, 1));
  await done;
  return { ms: performance.now() - started, received };
}

describe('bandwidth shared between addresses', () => {
  it('sends an address its bodies at once while nobody else is answered', async () => {
    const bandwidth = new SharedBandwidth();
    bandwidth.started('10.0.0.1');
    const { ms, received } = await send(bandwidth, '10.0.0.1', 8 * MIB);
    expect(received).toBe(8 * MIB);
    expect(ms).toBeLessThan(100);
  });

  it("paces an address's large bodies while another address is answered", async () => {
    const bandwidth = new SharedBandwidth();
    bandwidth.started('10.0.0.1');
    bandwidth.started('10.0.0.2');
    const { ms, received } = await send(bandwidth, '10.0.0.1', 5 * MIB);
    expect(received).toBe(5 * MIB);
    // The first MiB goes at once, the rest at the shared rate.
    expect(ms).toBeGreaterThanOrEqual(((4 * MIB) / SHARED_BYTES_PER_SECOND) * 1000 * 0.9);
    // Small bodies of the other address never wait.
    expect(bandwidth.take('10.0.0.2', 64 * 1024)).toBe(0);
  });

  it('counts another address answered a moment ago as answered', () => {
    const bandwidth = new SharedBandwidth();
    bandwidth.started('10.0.0.2');
    bandwidth.finished('10.0.0.2');
    expect(bandwidth.othersAnswered('10.0.0.1')).toBe(true);
    expect(bandwidth.othersAnswered('10.0.0.2')).toBe(false);
  });
});
