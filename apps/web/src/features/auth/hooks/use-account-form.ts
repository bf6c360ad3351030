// What the sign-in and sign-up forms share: their values, the messages
// beside the fields, the server's refusal above them, and a submit that
// checks first, moves focus to the first field to fix, and never sends twice.
import { useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { failureMessage, focusFirstInvalid, isValid, type FieldErrors } from '../utils/validation';

interface AccountFormOptions<Values, Field extends string> {
  initial: Values;
  validate: (values: Values) => FieldErrors<Field>;
  /** Sends the checked values; a refusal is shown with the server's message. */
  submit: (values: Values) => Promise<void>;
  /** Shown when the refusal has no message a visitor can act on (SPEC.md section 8). */
  failureFallback: string;
  /** After a successful submit, e.g. going back where the visitor came from. */
  onSuccess: () => Promise<void> | void;
}

export function useAccountForm<Values, Field extends string>({
  initial,
  validate,
  submit,
  failureFallback,
  onSuccess,
}: AccountFormOptions<Values, Field>) {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const found = validate(values);
    // Rendered before focusing, so the first invalid field is marked when focus moves to it.
    flushSync(() => setErrors(found));
    if (!isValid(found)) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setFailure(null);
    setSubmitting(true);
    try {
      await submit(values);
    } catch (error) {
      setFailure(failureMessage(error, failureFallback));
      setSubmitting(false);
      return;
    }
    await onSuccess();
  }

  return { formRef, values, setValues, errors, setErrors, failure, submitting, handleSubmit };
}
