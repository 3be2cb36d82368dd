import { TAKEDOWN_LIMITS } from '@bops/shared/api/takedown';
export interface TakedownValues {
  reporterName: string;
  reporterEmail: string;
  contentUrl: string;
  reason: string;
}

export type TakedownErrors = Partial<Record<keyof TakedownValues, string>>;

export const emptyTakedown: TakedownValues = {
  reporterName: '',
  reporterEmail: '',
  contentUrl: '',
  reason: '',
};

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** docs/PRODUCT.md#validation wording; returns translation keys. */
export function validateTakedown(values: TakedownValues): TakedownErrors {
  const errors: TakedownErrors = {};
  for (const field of ['reporterName', 'reporterEmail', 'contentUrl', 'reason'] as const) {
    if (!values[field].trim()) errors[field] = 'validation.required';
  }
  if (!errors.reporterEmail && !emailPattern.test(values.reporterEmail.trim()))
    errors.reporterEmail = 'validation.emailInvalid';
  if (!errors.reason && values.reason.trim().length < TAKEDOWN_LIMITS.reasonMin)
    errors.reason = 'takedown.reasonTooShort';
  return errors;
}

export type TakedownResult =
  | { kind: 'sent'; id: string | null }
  | { kind: 'invalid'; field: keyof TakedownValues | null; message: string }
  | { kind: 'limited' }
  | { kind: 'failed' };

/** Posts the notice; the server's "field: message" answer is turned back into a field error. */
export async function submitTakedown(
  values: TakedownValues,
  fetchFn: typeof fetch = globalThis.fetch,
): Promise<TakedownResult> {
  let response: Response;
  try {
    response = await fetchFn('/api/takedown-notices', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify({
        reporterName: values.reporterName.trim(),
        reporterEmail: values.reporterEmail.trim(),
        contentUrl: values.contentUrl.trim(),
        reason: values.reason.trim(),
      }),
    });
  } catch {
    return { kind: 'failed' };
  }
  const body = (await response.json().catch(() => ({}))) as { data?: { id?: string }; message?: string };
  if (response.status === 201) return { kind: 'sent', id: body.data?.id ?? null };
  if (response.status === 429) return { kind: 'limited' };
  if (response.status === 400 && body.message) {
    const match = /^(reporterName|reporterEmail|contentUrl|reason): (.+)$/.exec(body.message);
    if (match) return { kind: 'invalid', field: match[1] as keyof TakedownValues, message: match[2]! };
    return { kind: 'invalid', field: null, message: body.message };
  }
  return { kind: 'failed' };
}
