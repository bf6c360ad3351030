import { useState, type ChangeEvent, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { Link } from '@/components/link';
import {
  collectionNames,
  collectionTitles,
  propertyPath,
  trustedHosts,
  type AdminProperty,
  type AdminPropertyPatch,
} from '@sas/domain';
import { useUpdateAdminProperty } from '../api/update-admin-property';
import { draftOf, patchOf, type DraftErrors, type HomeDraft } from '../utils/home-draft';
import { AmenitiesEditor } from './amenities-editor';
import { InputField, TextAreaField } from './fields';
import { NearbyPlacesEditor } from './nearby-places-editor';
import './console-homes.css';

/** Every IANA zone the browser knows, offered as suggestions; the server checks the value. */
const timeZones: string[] = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];

/** The fields typed as plain text. */
type TextKey = { [K in keyof HomeDraft]: HomeDraft[K] extends string ? K : never }[keyof HomeDraft];

type Outcome = { kind: 'saved' } | { kind: 'unchanged' } | { kind: 'failed'; message: string } | null;

/**
 * The server names the field it refused ("bookingWidgetUrl must be an https
 * URL on an allowed host"); that field shows the message too, so it is read
 * out where it is fixed.
 */
function fieldOfMessage(message: string, patch: AdminPropertyPatch): keyof AdminPropertyPatch | null {
  const fields = Object.keys(patch) as (keyof AdminPropertyPatch)[];
  return fields.find((field) => new RegExp(`\\b${field}\\b`).test(message)) ?? null;
}

/** The Details section of a home: every editable field, saved as one PATCH of what changed. */
export function HomeDetailsForm({ home }: { home: AdminProperty }) {
  const [draft, setDraft] = useState<HomeDraft>(() => draftOf(home));
  const [errors, setErrors] = useState<DraftErrors>({});
  const [serverField, setServerField] = useState<{ field: keyof AdminPropertyPatch; message: string } | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const update = useUpdateAdminProperty(home.id);

  const set = <K extends keyof HomeDraft>(key: K, value: HomeDraft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setOutcome(null);
  };
  const text = (key: TextKey) => ({
    value: draft[key],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(key, event.target.value),
  });
  const fieldError = (field: keyof AdminPropertyPatch) =>
    serverField?.field === field ? serverField.message : undefined;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const { patch, errors: found } = patchOf(draft, home);
    // Drawn at once so the first field to fix is marked and can take the focus.
    flushSync(() => {
      setErrors(found);
      setServerField(null);
    });
    if (Object.keys(found).length > 0) {
      setOutcome(null);
      form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    if (Object.keys(patch).length === 0) {
      setOutcome({ kind: 'unchanged' });
      return;
    }
    update.mutate(patch, {
      onSuccess: (saved) => {
        setDraft(draftOf(saved));
        setOutcome({ kind: 'saved' });
      },
      onError: (error) => {
        const field = fieldOfMessage(error.message, patch);
        if (field !== null) setServerField({ field, message: error.message });
        setOutcome({ kind: 'failed', message: error.message });
      },
    });
  };

  return (
    <form className="home-form" onSubmit={submit} noValidate aria-labelledby="home-details-heading">
      <h2 id="home-details-heading">Details</h2>
      <fieldset>
        <legend>Names and text</legend>
        <InputField label="Name" required {...text('name')} error={fieldError('name')} />
        <InputField
          label="Public name"
          hint="Shown to guests instead of the name when set."
          {...text('public_name')}
          error={fieldError('public_name')}
        />
        <TextAreaField className="home-form__wide" label="Summary" {...text('summary')} error={fieldError('summary')} />
        <TextAreaField
          className="home-form__wide"
          label="Description"
          rows={8}
          {...text('description')}
          error={fieldError('description')}
        />
      </fieldset>

      <fieldset>
        <legend>Rooms and guests</legend>
        <InputField
          label="Bedrooms"
          inputMode="numeric"
          {...text('bedrooms')}
          error={errors.bedrooms ?? fieldError('bedrooms')}
        />
        <InputField
          label="Bathrooms"
          inputMode="decimal"
          hint="Halves allowed, e.g. 2.5"
          {...text('bathrooms')}
          error={errors.bathrooms ?? fieldError('bathrooms')}
        />
        <InputField
          label="Garages"
          inputMode="numeric"
          {...text('garages')}
          error={errors.garages ?? fieldError('garages')}
        />
        <InputField
          label="Area (sq ft)"
          inputMode="numeric"
          {...text('area')}
          error={errors.area ?? fieldError('area')}
        />
        <InputField
          label="Maximum guests"
          inputMode="numeric"
          {...text('maxGuests')}
          error={errors.maxGuests ?? fieldError('maxGuests')}
        />
        <div className="home-form__check">
          <input
            id="home-pets"
            type="checkbox"
            checked={draft.petsAllowed}
            onChange={(event) => set('petsAllowed', event.target.checked)}
          />
          <label htmlFor="home-pets">Pets allowed</label>
        </div>
      </fieldset>

      <fieldset>
        <legend>Location</legend>
        <InputField label="City" {...text('city')} error={fieldError('city')} />
        <InputField label="State" {...text('state')} error={fieldError('state')} />
        <InputField label="Country" {...text('country')} error={fieldError('country')} />
        <InputField
          label="Time zone"
          list="home-time-zones"
          hint="An IANA zone such as America/Denver."
          {...text('timeZone')}
          error={fieldError('timeZone')}
        />
        <datalist id="home-time-zones">
          {timeZones.map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
        <InputField
          label="Latitude"
          inputMode="decimal"
          {...text('lat')}
          error={errors.lat ?? fieldError('coordinates')}
        />
        <InputField label="Longitude" inputMode="decimal" {...text('lng')} error={errors.lng} />
      </fieldset>

      <fieldset>
        <legend>Arrival (shown to confirmed guests only)</legend>
        <InputField
          className="home-form__wide"
          label="Street address"
          {...text('address')}
          error={fieldError('address')}
        />
        <InputField
          label="Check-in time"
          hint="As guests should read it, e.g. 4:00 PM."
          {...text('checkInTime')}
          error={fieldError('checkInTime')}
        />
        <TextAreaField
          className="home-form__wide"
          label="Arrival instructions"
          {...text('arrivalInstructions')}
          error={fieldError('arrivalInstructions')}
        />
        {home.doorCode !== undefined && (
          <InputField
            label="Door code"
            hint="Told only to the booking's guest, in the messages before checkout ({{doorCode}}); never shown on the site."
            autoComplete="off"
            spellCheck={false}
            {...text('doorCode')}
            error={fieldError('doorCode')}
          />
        )}
        <InputField
          label="Lodging licence number"
          hint="The town's short-term rental licence, shown on every listing (Breckenridge requires it)."
          {...text('lodgingLicense')}
          error={fieldError('lodgingLicense')}
        />
      </fieldset>

      <fieldset>
        <legend>Security deposit and age rule</legend>
        <InputField
          label="Security deposit (dollars)"
          inputMode="decimal"
          hint="Held on the guest's card from 7 days before check-in until 2 days after check-out. 0 to 1,000; 0 means none."
          {...text('depositAmount')}
          error={errors.depositAmount ?? fieldError('depositAmount')}
        />
        <div>
          <div className="home-form__check">
            <input
              id="home-age-restricted"
              type="checkbox"
              aria-describedby="home-age-restricted-hint"
              checked={draft.ageRestricted}
              onChange={(event) => set('ageRestricted', event.target.checked)}
            />
            <label htmlFor="home-age-restricted">Age restricted (primary renter over 25)</label>
          </div>
          <p id="home-age-restricted-hint" className="home-form__hint">
            Cabins and select luxury condos: guests confirm the primary renter is over 25 to book.
          </p>
        </div>
      </fieldset>

      <fieldset>
        <legend>Collections</legend>
        {collectionNames.map((collection) => (
          <div key={collection} className="home-form__check">
            <input
              id={`home-collection-${collection}`}
              type="checkbox"
              checked={draft.collections.includes(collection)}
              onChange={(event) =>
                set(
                  'collections',
                  event.target.checked
                    ? [...draft.collections, collection]
                    : draft.collections.filter((c) => c !== collection),
                )
              }
            />
            <label htmlFor={`home-collection-${collection}`}>{collectionTitles[collection]}</label>
          </div>
        ))}
      </fieldset>

      <AmenitiesEditor amenities={draft.amenities} onChange={(amenities) => set('amenities', amenities)} />
      <NearbyPlacesEditor places={draft.nearbyPlaces} onChange={(places) => set('nearbyPlaces', places)} />

      <fieldset>
        <legend>Booking frame and tour</legend>
        <InputField
          className="home-form__wide"
          label="Booking frame URL"
          type="url"
          hint={`A URL or iframe code on ${trustedHosts.bookingFrame.join(', ')}. Leave empty for none.`}
          {...text('bookingWidgetUrl')}
          error={fieldError('bookingWidgetUrl')}
        />
        <InputField
          className="home-form__wide"
          label="Virtual tour URL"
          type="url"
          hint={`A URL or iframe code on ${trustedHosts.tour.join(', ')}. Leave empty for none.`}
          {...text('matterportUrl')}
          error={fieldError('matterportUrl')}
        />
      </fieldset>

      <div className="home-form__actions">
        <button type="submit" className="button button--primary" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save details'}
        </button>
        <Link to={propertyPath(home.slug)}>View on site</Link>
        <p role="status" className={outcome === null || outcome.kind === 'failed' ? undefined : 'console-success'}>
          {outcome?.kind === 'saved' && 'Saved. The public page shows the change now.'}
          {outcome?.kind === 'unchanged' && 'Nothing has changed since the last save.'}
        </p>
      </div>
      <div role="alert" className={outcome?.kind === 'failed' ? 'console-error' : undefined}>
        {outcome?.kind === 'failed' && `Not saved: ${outcome.message}`}
      </div>
    </form>
  );
}
