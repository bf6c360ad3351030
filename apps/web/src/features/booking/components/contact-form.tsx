import { useRef, useState, type FormEvent } from 'react';
import { bookingContactSchema } from '@sas/domain';
import { isContactComplete, type ContactDetails } from '../utils/reservation-draft';

interface FieldSpec {
  name: keyof ContactDetails;
  label: string;
  type: 'text' | 'email' | 'tel';
  autoComplete: string;
}

const fields: readonly FieldSpec[] = [
  { name: 'firstName', label: 'First name', type: 'text', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last name', type: 'text', autoComplete: 'family-name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'phoneNumber', label: 'Phone number', type: 'tel', autoComplete: 'tel' },
];

interface ContactFormProps {
  contact: ContactDetails;
  onChange: (contact: ContactDetails) => void;
  onNext: () => void;
}

type FieldErrors = Partial<Record<keyof ContactDetails, string>>;

/** The server's own check of the contact (bookingContactSchema), worded for the form. */
function contactErrors(contact: ContactDetails): FieldErrors {
  const result = bookingContactSchema.safeParse(contact);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof ContactDetails;
    const label = fields.find((f) => f.name === field)?.label ?? String(field);
    // "firstName must be at most 100 characters long" becomes "First name must be at most 100 characters long."
    errors[field] ??=
      field === 'email'
        ? 'Enter an email address such as name@example.com.'
        : `${label} ${issue.message.replace(`${field} `, '')}.`;
  }
  return errors;
}

/**
 * Step 1's contact details (SPEC.md section 5): all four required; Next stays
 * disabled until they are filled, then the same schema the server parses the
 * payment request with checks them, and says what to fix beside the field.
 */
export function ContactForm({ contact, onChange, onNext }: ContactFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = contactErrors(contact);
    setErrors(found);
    const first = fields.find((field) => found[field.name] !== undefined);
    if (first) {
      formRef.current?.querySelector<HTMLInputElement>(`#contact-${first.name}`)?.focus();
      return;
    }
    onNext();
  }

  return (
    <section className="booking-card" aria-labelledby="contact-title">
      <h2 id="contact-title" className="booking-card__title">
        Contact information
      </h2>
      <form ref={formRef} className="contact-form" noValidate onSubmit={handleSubmit}>
        <p className="contact-form__note">All fields are required.</p>
        <div className="contact-form__fields">
          {fields.map((field) => {
            const error = errors[field.name];
            const errorId = `contact-${field.name}-error`;
            return (
              <div className="field" key={field.name}>
                <label htmlFor={`contact-${field.name}`}>{field.label}</label>
                <input
                  id={`contact-${field.name}`}
                  name={field.name}
                  type={field.type}
                  autoComplete={field.autoComplete}
                  required
                  value={contact[field.name]}
                  aria-invalid={error !== undefined}
                  aria-describedby={error === undefined ? undefined : errorId}
                  onChange={(event) => {
                    if (error !== undefined) setErrors((current) => ({ ...current, [field.name]: undefined }));
                    onChange({ ...contact, [field.name]: event.target.value });
                  }}
                />
                {error !== undefined && (
                  <p id={errorId} className="form-error">
                    {error}
                  </p>
                )}
              </div>
            );
          })}
        </div>
        <div className="booking-actions">
          <button type="submit" className="button button--primary" disabled={!isContactComplete(contact)}>
            Next
          </button>
        </div>
      </form>
    </section>
  );
}
