import { describe, expect, it, vi } from 'vitest';
import { readOrFailed } from '@/lib/read-or-failed';

describe('readOrFailed', () => {
  it('answers the read value, and a failed read as failed with the message and cause logged', async () => {
    expect(await readOrFailed(async () => 42, 'unused')).toEqual({ value: 42 });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const cause = new Error('database away');
    expect(await readOrFailed(() => Promise.reject(cause), 'Failed to load watches')).toEqual({ failed: true });
    expect(log).toHaveBeenCalledWith('Failed to load watches', cause);
    log.mockRestore();
  });
});
