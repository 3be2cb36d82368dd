/** The status vocabulary every state area uses (docs/PRODUCT.md#states). A const object, because enums are not erasable syntax. */
export const Status = {
  SAVING: 'SAVING',
  DELETING: 'DELETING',
  DELETED: 'DELETED',
  SUCCESS: 'SUCCESS',
  ERROR: 'ERROR',
  LOADING: 'LOADING',
  UPDATING: 'UPDATING',
  SUBMITTING: 'SUBMITTING',
  SUBMITTED: 'SUBMITTED',
} as const;

export type Status = (typeof Status)[keyof typeof Status];
