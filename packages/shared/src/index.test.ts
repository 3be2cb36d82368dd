import { describe, expect, it } from 'vitest';
import { PRODUCT_KEY } from './index.ts';

describe('shared constants', () => {
  it('names the product key used in API paths', () => {
    expect(PRODUCT_KEY).toBe('bops');
  });
});
