import { VOICE_SAMPLE_LIMITS } from '@bops/engine/catalog';
import { VOICE_SAMPLE_MAX_BYTES, VOICE_SAMPLE_MAX_SECONDS, VOICE_SAMPLE_MIN_SECONDS } from '@bops/shared';
import { describe, expect, it } from 'vitest';

describe('the voice sample bounds', () => {
  it('the recorder counts to and stops at are the ones the engine refuses outside', () => {
    expect(VOICE_SAMPLE_LIMITS.minSeconds).toBe(VOICE_SAMPLE_MIN_SECONDS);
    expect(VOICE_SAMPLE_LIMITS.maxSeconds).toBe(VOICE_SAMPLE_MAX_SECONDS);
    expect(VOICE_SAMPLE_LIMITS.maxBytes).toBe(VOICE_SAMPLE_MAX_BYTES);
  });
});
