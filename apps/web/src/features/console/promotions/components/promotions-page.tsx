import { useId, useState, type FormEvent } from 'react';
import {
  collectionNames,
  collectionTitles,
  formatDollars,
  type AdminPromotion,
  type AdminPromotionCreate,
} from '@sas/domain';
import { TableRegion } from '../../shared/components/table-region';
import { errorMessage, formatTimestamp } from '../../shared/format';
import { usePromotions, useRedemptions } from '../api/get-promotions';
import { useCreatePromotion, useDeletePromotion, useUpdatePromotion } from '../api/save-promotion';
import { DiscountsForm } from './discounts-form';
import { ReturningGuestOfferSection } from './returning-guest-offer';
import './promotions.css';

/** The form's fields as typed: strings, '' for a limit left out. */
interface FormValues {
  code: string;
  kind: 'percent' | 'amount';
  value: string;
  minNights: string;
  stayFrom: string;
  stayTo: string;
  bookFrom: string;
  bookTo: string;
  maxUses: string;
  maxUsesPerGuest: string;
  combinable: boolean;
}

const emptyForm: FormValues = {
  code: '',
  kind: 'percent',
  value: '',
  minNights: '',
  stayFrom: '',
  stayTo: '',
  bookFrom: '',
  bookTo: '',
  maxUses: '',
  maxUsesPerGuest: '',
  combinable: false,
};

function valuesOf(p: AdminPromotion): FormValues {
  const text = (value: number | string | null) => (value === null ? '' : String(value));
  return {
    code: p.code,
    kind: p.kind,
    value: String(p.value),
    minNights: text(p.minNights),
    stayFrom: text(p.stayFrom),
    stayTo: text(p.stayTo),
    bookFrom: text(p.bookFrom),
    bookTo: text(p.bookTo),
    maxUses: text(p.maxUses),
    maxUsesPerGuest: text(p.maxUsesPerGuest),
    combinable: p.combinable,
  };
}

/** The request body: a limit left empty is none (null), which also clears it on an edit. */
function bodyOf(values: FormValues): AdminPromotionCreate {
  const number = (text: string) => (text.trim() === '' ? null : Number(text));
  const date = (text: string) => (text === '' ? null : text);
  return {
    code: values.code.trim(),
    kind: values.kind,
    value: Number(values.value),
    minNights: number(values.minNights),
    stayFrom: date(values.stayFrom),
    stayTo: date(values.stayTo),
    bookFrom: date(values.bookFrom),
    bookTo: date(values.bookTo),
    maxUses: number(values.maxUses),
    maxUsesPerGuest: number(values.maxUsesPerGuest),
    combinable: values.combinable,
  };
}

function describe(p: AdminPromotion): string {
  return p.kind === 'percent' ? `${p.value}% off the nights` : `${formatDollars(p.value)} off the nights`;
}

function limits(p: AdminPromotion): string {
  const parts = [
    p.minNights === null ? null : `${p.minNights}+ nights`,
    p.stayFrom || p.stayTo ? `stays ${p.stayFrom ?? '…'} to ${p.stayTo ?? '…'}` : null,
    p.bookFrom || p.bookTo ? `booked ${p.bookFrom ?? '…'} to ${p.bookTo ?? '…'}` : null,
    p.maxUses === null ? null : `${p.maxUses} uses`,
    p.maxUsesPerGuest === null ? null : `${p.maxUsesPerGuest} per guest`,
    p.homes.length > 0 ? `${p.homes.length} homes` : null,
    p.collections.length > 0 ? p.collections.join(', ') : null,
    p.combinable ? 'combines with automatic discounts' : 'better of it or the automatic discount',
  ];
  return parts.filter((part) => part !== null).join(' · ');
}

interface PromotionFormProps {
  editing: AdminPromotion | null;
  onDone: () => void;
}

function PromotionForm({ editing, onDone }: PromotionFormProps) {
  const [values, setValues] = useState<FormValues>(editing ? valuesOf(editing) : emptyForm);
  const [outcome, setOutcome] = useState<{ kind: 'saved' | 'failed'; message: string } | null>(null);
  const create = useCreatePromotion();
  const update = useUpdatePromotion();
  const id = useId();
  const pending = create.isPending || update.isPending;
  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setOutcome(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = bodyOf(values);
    const handlers = {
      onSuccess: (saved: AdminPromotion) => {
        setOutcome({ kind: 'saved', message: `Code ${saved.code} ${editing ? 'saved' : 'created'}.` });
        if (!editing) setValues(emptyForm);
        onDone();
      },
      onError: (error: unknown) => setOutcome({ kind: 'failed', message: errorMessage(error) }),
    };
    if (editing) update.mutate({ id: editing.id, changes: body }, handlers);
    else create.mutate(body, handlers);
  };

  const field = (key: Exclude<keyof FormValues, 'kind' | 'combinable'>, label: string, type = 'text', extra = {}) => (
    <div className="console-field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input
        id={`${id}-${key}`}
        type={type}
        value={values[key]}
        onChange={(event) => set(key, event.target.value)}
        {...extra}
      />
    </div>
  );

  return (
    <form
      className="promotion-form"
      aria-label={editing ? `Edit code ${editing.code}` : 'New promo code'}
      onSubmit={submit}
    >
      <div className="promotion-form__grid">
        {field('code', 'Code', 'text', { required: true, maxLength: 40, autoComplete: 'off' })}
        <div className="console-field">
          <label htmlFor={`${id}-kind`}>Kind</label>
          <select
            id={`${id}-kind`}
            value={values.kind}
            onChange={(event) => set('kind', event.target.value as FormValues['kind'])}
          >
            <option value="percent">Percent off the nights</option>
            <option value="amount">Dollars off the nights</option>
          </select>
        </div>
        {field('value', values.kind === 'percent' ? 'Percent' : 'Dollars', 'number', {
          required: true,
          min: 0.01,
          step: 0.01,
        })}
        {field('minNights', 'Minimum nights', 'number', { min: 1, step: 1 })}
        {field('stayFrom', 'Earliest check-in', 'date')}
        {field('stayTo', 'Latest check-out', 'date')}
        {field('bookFrom', 'Bookable from', 'date')}
        {field('bookTo', 'Bookable until', 'date')}
        {field('maxUses', 'Total uses', 'number', { min: 1, step: 1 })}
        {field('maxUsesPerGuest', 'Uses per guest e-mail', 'number', { min: 1, step: 1 })}
      </div>
      <label className="promotion-form__check">
        <input
          type="checkbox"
          checked={values.combinable}
          onChange={(event) => set('combinable', event.target.checked)}
        />
        Combines with the home&apos;s automatic discount (otherwise the better of the two applies)
      </label>
      <div className="console-button-row">
        <button type="submit" className="button button--primary" disabled={pending}>
          {pending ? 'Saving...' : editing ? 'Save code' : 'Create code'}
        </button>
        {editing && (
          <button type="button" className="button button--secondary" onClick={onDone}>
            Cancel
          </button>
        )}
      </div>
      <p role="status" className={outcome?.kind === 'saved' ? 'console-success' : undefined}>
        {outcome?.kind === 'saved' && outcome.message}
      </p>
      <div role="alert" className={outcome?.kind === 'failed' ? 'console-error' : undefined}>
        {outcome?.kind === 'failed' && `Not saved: ${outcome.message}`}
      </div>
    </form>
  );
}

function Redemptions({ promotion }: { promotion: AdminPromotion }) {
  const redemptions = useRedemptions(promotion.id);
  if (redemptions.isPending) return <p role="status">Loading the uses of {promotion.code}...</p>;
  if (redemptions.isError)
    return (
      <p role="alert" className="console-error">
        {errorMessage(redemptions.error)}
      </p>
    );
  const rows = redemptions.data.redemptions;
  return (
    <TableRegion label={`Uses of ${promotion.code}`}>
      <table className="console-table">
        <caption>
          Uses of {promotion.code}: {promotion.bookings} bookings, {formatDollars(promotion.revenue)} booked,{' '}
          {formatDollars(promotion.discountGiven)} given
        </caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Booking</th>
            <th scope="col">Guest</th>
            <th scope="col" className="num">
              Total
            </th>
            <th scope="col" className="num">
              Discount
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={5}>Not used yet.</td>
            </tr>
          )}
          {rows.map((row) => (
            <tr key={row.id}>
              <td>{formatTimestamp(row.createdAt)}</td>
              <td>
                {row.booking
                  ? `${row.booking.code} · ${row.booking.propertyName}${row.booking.status === 'cancelled' ? ' (cancelled)' : ''}`
                  : 'Payment under way'}
              </td>
              <td>{row.email ?? '—'}</td>
              <td className="num">{row.booking ? formatDollars(row.booking.total) : '—'}</td>
              <td className="num">{formatDollars(row.discount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}

function PromotionRow({
  promotion,
  onEdit,
  onShowUses,
}: {
  promotion: AdminPromotion;
  onEdit: () => void;
  onShowUses: () => void;
}) {
  const update = useUpdatePromotion();
  const remove = useDeletePromotion();
  const [confirming, setConfirming] = useState(false);
  const paused = promotion.status === 'paused';
  const failure = update.error ?? remove.error;
  return (
    <tr>
      <th scope="row">
        {promotion.code}
        {paused && <span className="promotion-status"> (paused)</span>}
      </th>
      <td>
        {describe(promotion)}
        <br />
        <span className="console-muted">{limits(promotion)}</span>
      </td>
      <td className="num">
        {promotion.uses}
        {promotion.maxUses === null ? '' : ` / ${promotion.maxUses}`}
      </td>
      <td className="num">{formatDollars(promotion.revenue)}</td>
      <td className="num">{formatDollars(promotion.discountGiven)}</td>
      <td>
        <div className="promotion-actions">
          <button type="button" className="button button--secondary button--small" onClick={onEdit}>
            Edit <span className="visually-hidden">{promotion.code}</span>
          </button>
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={update.isPending}
            onClick={() => update.mutate({ id: promotion.id, changes: { status: paused ? 'active' : 'paused' } })}
          >
            {paused ? 'Resume' : 'Pause'} <span className="visually-hidden">{promotion.code}</span>
          </button>
          <button type="button" className="button button--secondary button--small" onClick={onShowUses}>
            Uses <span className="visually-hidden">of {promotion.code}</span>
          </button>
          {confirming ? (
            <>
              <button
                type="button"
                className="button button--primary button--small"
                disabled={remove.isPending}
                onClick={() => remove.mutate(promotion.id)}
              >
                Confirm delete <span className="visually-hidden">{promotion.code}</span>
              </button>
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={() => setConfirming(false)}
              >
                Keep
              </button>
            </>
          ) : (
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => setConfirming(true)}
            >
              Delete <span className="visually-hidden">{promotion.code}</span>
            </button>
          )}
        </div>
        {failure && (
          <p role="alert" className="console-error">
            {errorMessage(failure)}
          </p>
        )}
      </td>
    </tr>
  );
}

/** Automatic discounts by collection, for the collection's homes without their own. */
function CollectionDiscounts() {
  const [collection, setCollection] = useState<(typeof collectionNames)[number]>(collectionNames[0]);
  const id = useId();
  return (
    <section className="console-panel" aria-labelledby="collection-discounts-heading">
      <h2 id="collection-discounts-heading">Discounts by collection</h2>
      <div className="console-field">
        <label htmlFor={id}>Collection</label>
        <select
          id={id}
          value={collection}
          onChange={(event) => setCollection(event.target.value as (typeof collectionNames)[number])}
        >
          {collectionNames.map((name) => (
            <option key={name} value={name}>
              {collectionTitles[name]}
            </option>
          ))}
        </select>
      </div>
      <DiscountsForm key={collection} target={{ kind: 'collection', name: collection }} />
    </section>
  );
}

/** The console's promotions (issue 26): create, edit, pause and delete codes, and see what each brought. */
export function PromotionsPage() {
  const promotions = usePromotions();
  const [editing, setEditing] = useState<AdminPromotion | null>(null);
  const [showing, setShowing] = useState<string | null>(null);
  const shown = promotions.data?.promotions.find((p) => p.id === showing) ?? null;

  return (
    <>
      <section className="console-panel" aria-labelledby="promotion-form-heading">
        <h2 id="promotion-form-heading">{editing ? `Edit ${editing.code}` : 'New promo code'}</h2>
        <p className="console-muted">
          Codes work in any case. Discounts come off the nights only: the cleaning fee is never discounted, and taxes
          are on what the guest pays. Each home&apos;s automatic discounts are set on its page under Homes.
        </p>
        <PromotionForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
      </section>
      <section className="console-panel" aria-labelledby="promotion-list-heading">
        <h2 id="promotion-list-heading">Promo codes</h2>
        {promotions.isPending && <p role="status">Loading the codes...</p>}
        {promotions.isError && (
          <p role="alert" className="console-error">
            {errorMessage(promotions.error)}
          </p>
        )}
        {promotions.isSuccess && promotions.data.promotions.length === 0 && <p>No promo codes yet.</p>}
        {promotions.isSuccess && promotions.data.promotions.length > 0 && (
          <TableRegion label="Promo codes">
            <table className="console-table">
              <caption className="visually-hidden">Promo codes</caption>
              <thead>
                <tr>
                  <th scope="col">Code</th>
                  <th scope="col">Discount and limits</th>
                  <th scope="col" className="num">
                    Uses
                  </th>
                  <th scope="col" className="num">
                    Revenue
                  </th>
                  <th scope="col" className="num">
                    Discount given
                  </th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {promotions.data.promotions.map((promotion) => (
                  <PromotionRow
                    key={promotion.id}
                    promotion={promotion}
                    onEdit={() => setEditing(promotion)}
                    onShowUses={() => setShowing(promotion.id)}
                  />
                ))}
              </tbody>
            </table>
          </TableRegion>
        )}
      </section>
      <CollectionDiscounts />
      <ReturningGuestOfferSection />
      {shown && (
        <section className="console-panel" aria-labelledby="promotion-uses-heading">
          <h2 id="promotion-uses-heading">Uses of {shown.code}</h2>
          <Redemptions promotion={shown} />
        </section>
      )}
    </>
  );
}
