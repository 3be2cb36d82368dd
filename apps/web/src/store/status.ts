/** The status vocabulary every state area uses (docs/PRODUCT.md#states). A const object, because enums are not erasable syntax. */
export const Status = {
  SAVING: 'SAVING',
  DELETING: 'DELETING',
  DELETED: 'DELETED',
  SUCCESS: 'SUCCESS',
  ERROR: 'ERROR',
  LOADING: 'LOADING',
  RELOAD: 'RELOAD',
  UPDATING: 'UPDATING',
  SUBMITTING: 'SUBMITTING',
  SUBMITTED: 'SUBMITTED',
  CONVERTING: 'CONVERTING',
  CONVERTED: 'CONVERTED',
  DISAPPEAR: 'Disappear',
} as const;

export type Status = (typeof Status)[keyof typeof Status];
