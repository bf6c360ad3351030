import { useRef, useState, type FormEvent } from 'react';
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

const emailErrorId = 'contact-email-error';

interface ContactFormProps {
  contact: ContactDetails;
  onChange: (contact: ContactDetails) => void;
  onNext: () => void;
}

/** Step 1's contact details (SPEC.md section 5): all four required; Next stays disabled until they are filled. */
export function ContactForm({ contact, onChange, onNext }: ContactFormProps) {
  const emailRef = useRef<HTMLInputElement>(null);
  const [emailInvalid, setEmailInvalid] = useState(false);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The browser's own bubble cannot be styled or read reliably; the same
    // check (type="email") is shown as text linked to the field instead.
    if (emailRef.current && !emailRef.current.checkValidity()) {
      setEmailInvalid(true);
      emailRef.current.focus();
      return;
    }
    onNext();
  }

  return (
    <section className="booking-card" aria-labelledby="contact-title">
      <h2 id="contact-title" className="booking-card__title">
        Contact information
      </h2>
      <form className="contact-form" noValidate onSubmit={handleSubmit}>
        <p className="contact-form__note">All fields are required.</p>
        <div className="contact-form__fields">
          {fields.map((field) => {
            const isEmail = field.name === 'email';
            const invalid = isEmail && emailInvalid;
            return (
              <div className="field" key={field.name}>
                <label htmlFor={`contact-${field.name}`}>{field.label}</label>
                <input
                  ref={isEmail ? emailRef : undefined}
                  id={`contact-${field.name}`}
                  name={field.name}
                  type={field.type}
                  autoComplete={field.autoComplete}
                  required
                  value={contact[field.name]}
                  aria-invalid={invalid}
                  aria-describedby={invalid ? emailErrorId : undefined}
                  onChange={(event) => {
                    if (isEmail) setEmailInvalid(false);
                    onChange({ ...contact, [field.name]: event.target.value });
                  }}
                />
                {invalid && (
                  <p id={emailErrorId} className="form-error">
                    Enter an email address such as name@example.com.
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
