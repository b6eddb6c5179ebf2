import { useEnquiryForm } from '../hooks/use-enquiry-form';
import { type CallbackField, validateCallback, type Values } from '../validation';
import { CALLBACK, CallbackFields } from './CallbackFields';

/**
 * The home page's call-back request, on react-hook-form (`useEnquiryForm`). The home page
 * shows it through DeferredCallbackForm, which loads this code when it is needed and hands
 * on what was typed meanwhile as `initialValues`.
 */
export function CallbackForm({
  initialValues,
}: { initialValues?: Partial<Values<CallbackField>> } = {}) {
  const form = useEnquiryForm({ ...CALLBACK, validate: validateCallback, initialValues });
  return <CallbackFields form={form} />;
}
