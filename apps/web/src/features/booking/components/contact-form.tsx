import { useRef, useState, type FormEvent } from 'react';
import { bookingContactSchema } from '@sas/domain';
import { isContactComplete, type ContactDetails } from '../utils/reservation-draft';

type TextField = 'firstName' | 'lastName' | 'email' | 'phoneNumber';

interface FieldSpec {
  name: TextField;
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

type FieldErrors = Partial<Record<TextField, string>>;

/** The server's own check of the contact (bookingContactSchema), worded for the form. */
function contactErrors(contact: ContactDetails): FieldErrors {
  const result = bookingContactSchema.safeParse(contact);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as TextField;
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
        <p className="contact-form__note">All fields are required; the boxes are optional.</p>
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
        <div className="agreement__box">
          <input
            id="contact-textMessages"
            type="checkbox"
            checked={contact.textMessages}
            aria-describedby="contact-textMessages-hint"
            onChange={(event) => {
              if (errors.phoneNumber !== undefined) setErrors((current) => ({ ...current, phoneNumber: undefined }));
              onChange({ ...contact, textMessages: event.target.checked });
            }}
          />
          <label htmlFor="contact-textMessages">Text me the arrival details and the checkout reminder</label>
        </div>
        <p id="contact-textMessages-hint" className="add-ons__hint">
          To the phone number above, with its country code. Reply STOP to any text to stop them.
        </p>
        <div className="agreement__box">
          <input
            id="contact-marketingEmail"
            type="checkbox"
            checked={contact.marketingEmail}
            onChange={(event) => onChange({ ...contact, marketingEmail: event.target.checked })}
          />
          <label htmlFor="contact-marketingEmail">
            E-mail me offers, and a reminder if I do not finish this booking (unsubscribe at any time)
          </label>
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
