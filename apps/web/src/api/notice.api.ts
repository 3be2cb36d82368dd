import type { Notice, NoticeRead } from '@bops/shared/api/notice';
import { bopsApi } from './bops.api.ts';

/** The signed-in person's unread notices, and dismissing one (it leaves the list at once). */
export const noticeApi = bopsApi.enhanceEndpoints({ addTagTypes: ['Notices'] }).injectEndpoints({
  endpoints: (build) => ({
    getNotices: build.query<Notice[], void>({ query: () => 'notices', providesTags: ['Notices'] }),
    markNoticeRead: build.mutation<NoticeRead, string>({
      query: (noticeId) => ({ url: `notices/${encodeURIComponent(noticeId)}/read`, method: 'POST' }),
      async onQueryStarted(noticeId, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          noticeApi.util.updateQueryData('getNotices', undefined, (notices) =>
            notices.filter((notice) => notice.id !== noticeId),
          ),
        );
        try {
          await queryFulfilled;
        } catch (failure) {
          // A 404 means the person has no such notice (read elsewhere, or gone): it stays away. Anything else
          // brings it back so it can be dismissed again.
          const status = (failure as { error?: { status?: unknown } } | null)?.error?.status;
          if (status !== 404) patch.undo();
        }
      },
    }),
  }),
});

export const { useGetNoticesQuery, useMarkNoticeReadMutation } = noticeApi;
