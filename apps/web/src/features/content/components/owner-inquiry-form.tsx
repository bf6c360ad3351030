import { useEffect, useRef, useState, type FormEvent } from 'react';
import { companyPhone, ownerInquiryBedrooms, type OwnerInquiryField, type OwnerInquiryRequest } from '@sas/domain';
import { isApiError } from '@/lib/api-client';
import { useCreateOwnerInquiry } from '../api/create-owner-inquiry';
import { ownerInquiryCopy } from '../data/management';

type Values = Record<OwnerInquiryField, string>;

interface FieldSpec {
  name: OwnerInquiryField;
  label: string;
  type: 'text' | 'email' | 'tel' | 'number' | 'textarea';
  autoComplete?: string;
  /** Shown when the shared schema refuses the value. */
  help: string;
}

const fields: readonly FieldSpec[] = [
  { name: 'name', label: 'Name', type: 'text', autoComplete: 'name', help: 'Enter your name.' },
  {
    name: 'email',
    label: 'Email',
    type: 'email',
    autoComplete: 'email',
    help: 'Enter an email address such as name@example.com.',
  },
  {
    name: 'phone',
    label: 'Phone',
    type: 'tel',
    autoComplete: 'tel',
    help: 'Enter a phone number with at least 7 digits, such as (970) 555-0142.',
  },
  {
    name: 'propertyLocation',
    label: 'Property location',
    type: 'text',
    help: 'Enter where the home is, such as Breckenridge, CO.',
  },
  {
    name: 'bedrooms',
    label: 'Bedrooms',
    type: 'number',
    help: `Enter the number of bedrooms, from ${ownerInquiryBedrooms.min} to ${ownerInquiryBedrooms.max}.`,
  },
  { name: 'message', label: 'Message', type: 'textarea', help: 'Tell us a little about the home.' },
];

const emptyValues: Values = { name: '', email: '', phone: '', propertyLocation: '', bedrooms: '', message: '' };

/** The form's text as the API wants it; a blank or non-numeric bedroom count fails the schema. */
function toRequest(values: Values): Record<keyof OwnerInquiryRequest, unknown> {
  const bedrooms = values.bedrooms.trim();
  return { ...values, bedrooms: bedrooms === '' ? Number.NaN : Number(bedrooms) };
}

/** The form's check, the schema the server parses: fetched when the form opens. */
const loadCheck = () => import('./owner-inquiry-check');

/**
 * The owner inquiry of the Management page: checked in the browser with the
 * schema the server parses, then stored and e-mailed to the owner team.
 */
export function OwnerInquiryForm() {
  const [values, setValues] = useState<Values>(emptyValues);
  const [invalid, setInvalid] = useState<ReadonlySet<OwnerInquiryField>>(new Set());
  const inputs = useRef(new Map<OwnerInquiryField, HTMLInputElement | HTMLTextAreaElement>());
  const mutation = useCreateOwnerInquiry();
  useEffect(() => {
    void loadCheck().catch(() => undefined);
  }, []);

  if (mutation.isSuccess) {
    return (
      <div className="owner-inquiry__thanks" role="status">
        <h3>{ownerInquiryCopy.thanksTitle}</h3>
        <p>{ownerInquiryCopy.thanksText}</p>
      </div>
    );
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const request = toRequest(values);
    const check = await loadCheck().catch(() => null);
    if (check === null) {
      // The check could not download: the server checks the same and says what is wrong.
      mutation.mutate(request as OwnerInquiryRequest);
      return;
    }
    const errors = check.ownerInquiryFieldErrors(request);
    const wrong = fields.filter((field) => errors[field.name] !== undefined).map((field) => field.name);
    setInvalid(new Set(wrong));
    const [first] = wrong;
    if (first !== undefined) {
      inputs.current.get(first)?.focus();
      return;
    }
    mutation.mutate(check.ownerInquiryRequestSchema.parse(request));
  }

  const serverError = mutation.isError
    ? isApiError(mutation.error) && mutation.error.status >= 400 && mutation.error.status < 500
      ? mutation.error.message
      : `We could not send your inquiry. Please try again, or call us at ${companyPhone}.`
    : null;

  return (
    <form
      className="owner-inquiry"
      noValidate
      onSubmit={(event) => void handleSubmit(event)}
      aria-describedby="owner-inquiry-intro"
    >
      <p id="owner-inquiry-intro" className="owner-inquiry__intro">
        {ownerInquiryCopy.intro} All fields are required.
      </p>
      <div className="owner-inquiry__fields">
        {fields.map((field) => {
          const id = `owner-inquiry-${field.name}`;
          const errorId = `${id}-error`;
          const isInvalid = invalid.has(field.name);
          const common = {
            id,
            name: field.name,
            required: true,
            value: values[field.name],
            'aria-invalid': isInvalid,
            'aria-describedby': isInvalid ? errorId : undefined,
            ref: (element: HTMLInputElement | HTMLTextAreaElement | null) => {
              if (element) inputs.current.set(field.name, element);
              else inputs.current.delete(field.name);
            },
            onChange: (event: { target: { value: string } }) => {
              const value = event.target.value;
              setValues((current) => ({ ...current, [field.name]: value }));
              if (isInvalid) {
                setInvalid((current) => {
                  const next = new Set(current);
                  next.delete(field.name);
                  return next;
                });
              }
            },
          };
          return (
            <div key={field.name} className={field.type === 'textarea' ? 'field owner-inquiry__wide' : 'field'}>
              <label htmlFor={id}>{field.label}</label>
              {field.type === 'textarea' ? (
                <textarea {...common} rows={5} maxLength={4000} />
              ) : (
                <input
                  {...common}
                  type={field.type}
                  autoComplete={field.autoComplete}
                  inputMode={field.type === 'number' ? 'numeric' : undefined}
                  min={field.type === 'number' ? ownerInquiryBedrooms.min : undefined}
                  max={field.type === 'number' ? ownerInquiryBedrooms.max : undefined}
                />
              )}
              {isInvalid && (
                <p id={errorId} className="form-error">
                  {field.help}
                </p>
              )}
            </div>
          );
        })}
      </div>
      {serverError !== null && (
        <p className="form-error form-error--box" role="alert">
          {serverError}
        </p>
      )}
      <div className="owner-inquiry__actions">
        <button type="submit" className="button button--primary" disabled={mutation.isPending}>
          {mutation.isPending ? 'Sending...' : 'Send inquiry'}
        </button>
      </div>
    </form>
  );
}
