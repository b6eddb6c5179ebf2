// The public face of @vitrine/ui. Each component imports its own stylesheet, so an app gets
// the look of the components it uses and no other (webpack injects it; jest stubs it); the
// tokens come with UiProvider.

export * from './lib/Button';
export * from './lib/UiProvider';
export * from './lib/ui-words';

export * from './lib/a11y/Modal';
export * from './lib/a11y/SkipLink';
export * from './lib/a11y/VisuallyHidden';
export * from './lib/a11y/usePrefersReducedMotion';

export * from './lib/feedback/EmptyState';
export * from './lib/feedback/ErrorBoundary';
export * from './lib/feedback/ErrorState';
export * from './lib/feedback/QueryGate';
export * from './lib/feedback/Spinner';

export { TOAST_DURATION_MS, ToastProvider, useToast } from './lib/toast/ToastProvider';
export type { ToastApi, ToastProviderProps } from './lib/toast/ToastProvider';
export type { ToastOptions, ToastTone } from './lib/toast/toast.types';

export * from './lib/confirm/ConfirmDialog';
export * from './lib/confirm/ConfirmProvider';

export * from './lib/forms/Checkbox';
// For a field the kit has no control for (the admin's rich-text editor): the same ids and message.
export { FieldError } from './lib/forms/FieldParts';
export { type FieldIds, useFieldIds } from './lib/forms/useFieldIds';
export * from './lib/forms/Fieldset';
export * from './lib/forms/FormError';
export * from './lib/forms/PasswordField';
export * from './lib/forms/rule-form';
export * from './lib/forms/SelectField';
export * from './lib/forms/TextArea';
export * from './lib/forms/TextField';

export * from './lib/table/DataTable';
export * from './lib/table/Pagination';
export * from './lib/table/SearchBox';
export { pageCount, rowNumber } from './lib/table/rowNumber';

export * from './lib/media/Carousel';
export * from './lib/media/Lightbox';
export * from './lib/media/ResponsiveImage';
