/** Every analytics event the web app sends (docs/PRODUCT.md#api), in one list both sides check against. */
export const ANALYTICS_EVENT_NAMES = [
  'music_like',
  'music_play',
  'music_pause',
  'music_next',
  'music_previous',
  'mobile_share',
  'desktop_share',
  'create',
  'submit_voice_clone',
  'record_voice_start',
  'record_voice_pause',
  'record_voice_resume',
  'record_voice_finish',
  'upload_voice_file',
  'submit_song_remix',
  'submit_rap',
  'sign-in',
  'sign-out',
  'screen_view',
  'page_view',
  'get_started_button',
  'sign_in_button',
  'start_your_journey_button',
  'copy_link',
  'open_in_browser',
  'manual_instructions',
  'inapp_landing_success',
  'inapp_get_started',
  'link_copied',
  'redirect_attempt',
  'redirect_failed',
  'identify',
] as const;

export type AnalyticsEventName = (typeof ANALYTICS_EVENT_NAMES)[number];

/** docs/PRODUCT.md#entities tracking payload; defaults: contentType "product", value 0, currency "USD". */
export interface TrackingPayload {
  contentId?: string;
  contentType?: string;
  contentName?: string;
  value?: number;
  currency?: string;
  description?: string;
}

export const TRACKING_DEFAULTS = { contentType: 'product', value: 0, currency: 'USD' } as const;
