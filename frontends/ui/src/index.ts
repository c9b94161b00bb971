/**
 * @innerecho/ui: the design system and the client plumbing every frontend shares.
 * It is a Module Federation singleton, so the theme, the toast queue and the helpers
 * below are one instance across the shell and all remotes.
 */

// Theme
export { AppThemeProvider, useThemeMode, type AppThemeProviderProps } from './theme/theme-provider';
export { GlobalStyles } from './theme/global-styles';
export { theme, type InnerEchoTheme } from './theme/theme';
export { palettes, colorVars, type Palette } from '@innerecho/design-tokens';
export { THEME_STORAGE_KEY, DEFAULT_THEME, readStoredTheme, storeTheme, applyThemeToDocument, type ThemeMode } from './theme/theme-storage';

// Data layer: JSON bodies, cookies always, non-OK answers as `${status}: ${body}` errors, no retries
export {
  apiRequest,
  ApiError,
  isApiError,
  serverErrorCode,
  serverErrorMessage,
  throwIfResNotOk,
  type HttpMethod,
  type RequestOptions,
} from './data/api-request';
export { createQueryClient } from './data/query-client';
export { apiQuery, apiQueryKey, apiQueryKeyOfAll, callApi, callApiForResponse, type ApiRequestArgs } from './data/api-client';
export type { EndpointAnswer } from '@innerecho/contracts';

// Session, auth, referrals
export { getSessionId, SESSION_STORAGE_KEY } from './session/session-id';
export { forgetEverythingPersonal } from './session/device-owner';
export {
  useAuth,
  loginUrl,
  AUTH_USER_QUERY_KEY,
  ACCOUNT_PATH,
  LOGIN_PATH,
  LOGOUT_PATH,
  type UserRole,
  type UseAuthResult,
  type LoginMode,
} from './auth/use-auth';
export {
  REFERRAL_COOKIE_NAME,
  getReferralCode,
  readReferralParam,
  readReferralCookie,
  storeReferralCookie,
  trackReferralFromUrl,
} from './referral/referral';

// Formats
export { formatDuration, formatClock, formatDollars, formatMegabytes, audioFileName } from './format/format';

// Toasts
export { Toaster } from './components/radix-parts';
export {
  toast,
  dismissToast,
  useToast,
  TOAST_DURATION_MS,
  TOAST_LIMIT,
  type ToastOptions,
  type ToastVariant,
  type ToastHandle,
} from './toast/toast-store';

// Components
export {
  Button,
  IconButton,
  LinkButton,
  AnchorButton,
  buttonStyles,
  type ButtonProps,
  type IconButtonProps,
  type LinkButtonProps,
  type AnchorButtonProps,
  type ButtonVariant,
  type ButtonSize,
} from './components/button';
export { Card, CardHeader, CardTitle, CardDescription, CardContent, CardFooter } from './components/card';
export { Badge, type BadgeProps, type BadgeVariant } from './components/badge';
export {
  Input,
  Textarea,
  Label,
  Field,
  CountedTextareaField,
  fieldDescriptionIds,
  fieldControlStyles,
  type InputProps,
  type TextareaProps,
  type FieldProps,
  type CountedTextareaFieldProps,
} from './components/form-fields';
export { Select } from './components/radix-parts';
export type { SelectProps, SelectOption } from './components/select';
export { ScrollRow, type ScrollRowProps } from './components/scroll-row';
export { SearchInput, type SearchInputProps } from './components/search-input';
export { LinkField, type LinkFieldProps } from './components/link-field';
export { LibraryCategoryField, type LibraryCategoryFieldProps } from './components/library-category-field';
export {
  Dialog,
  DialogTrigger,
  DialogClose,
  DialogContent,
  DialogTitle,
  DialogDescription,
  ConfirmDialog,
  Sheet,
  SheetTrigger,
  SheetClose,
  SheetContent,
  Slider,
} from './components/radix-parts';
export { DialogFooter } from './components/dialog-footer';
export { FormDialog, FormDialogFooter, type FormDialogProps, type FormDialogFooterProps } from './components/form-dialog';
export type { DialogContentProps } from './components/dialog';
export type { ConfirmDialogProps } from './components/confirm-dialog';
export type { SheetContentProps } from './components/sheet';
export type { SliderProps } from './components/slider';
export { Skeleton, type SkeletonProps } from './components/skeleton';
export { Spinner, type SpinnerProps } from './components/spinner';
export { EmptyState, ErrorState, type EmptyStateProps, type ErrorStateProps } from './components/states';
export { PromptCard, type PromptCardProps } from './components/prompt-card';
export { SignInPrompt, type SignInPromptProps } from './components/sign-in-prompt';
export { bareList, Container, Page, PageHeader, VisuallyHidden, visuallyHidden, type PageHeaderProps } from './components/layout';
export { Clamp, DataTable, type DataTableColumn, type DataTableProps } from './components/data-table';
export { ErrorBoundary, type ErrorBoundaryProps } from './components/error-boundary';
export { ManageSubscriptionButton, type ManageSubscriptionButtonProps } from './billing/manage-subscription-button';
export { payoutStatus } from './billing/payout-status';
export { InProgressNotice, type InProgressNoticeProps } from './components/in-progress-notice';
export { IconBadge, type IconBadgeProps, type IconBadgeTone } from './components/icon-badge';
export { QueryStates, SkeletonList, type QueryStatesProps, type QueryStatesQuery, type SkeletonListProps } from './components/query-states';
export { ListRow, ListRows, type ListRowProps } from './components/list-row';
export { TextLink, textLinkStyles, type TextLinkProps } from './components/text-link';
export { CollectionCover, COLLECTION_COVER_LOOKS, type CollectionCoverProps } from './components/collection-cover';
export { validInput } from './forms/valid-input';

// Affirmations kept on this device for listening offline, and the connection state
export {
  canKeepOffline,
  forgetOfflineCopies,
  keepOffline,
  listOfflineCopies,
  offlineAudioUrl,
  removeAllOfflineCopies,
  removeOfflineCopy,
  useOnline,
  type OfflineCopy,
} from './offline/offline-copies';

// Routing (one router for the shell and every remote)
export * from './routing/router';
export { keepPathForAfterCheckout, peekPathAfterCheckout, forgetPathAfterCheckout, safeReturnPath } from './routing/return-path';
