import {
  formatDate,
  formatUsd,
  paymentPolicy,
  planPayments,
  toCents,
  todayIn,
  type PaymentPlan,
  type PlannedPaymentDto,
} from '@sas/domain';

interface PaymentPlanChoiceProps {
  plan: PaymentPlan;
  /** What the stay costs, in cents. */
  totalCents: number;
  stay: { checkIn: string };
  /** The home's time zone: its calendar dates are the due dates. */
  timeZone: string;
  disabled: boolean;
  onChange: (plan: PaymentPlan) => void;
}

/**
 * Pay in full, or in installments when check-in is more than 45 days away
 * (issue 17). The installments' dates and amounts are previewed with the
 * rule the server applies (planPayments), before any payment is opened.
 */
export function PaymentPlanChoice({ plan, totalCents, stay, timeZone, disabled, onChange }: PaymentPlanChoiceProps) {
  const preview = planPayments('installments', totalCents, todayIn(timeZone), stay.checkIn);
  const count = paymentPolicy.maxInstalments;
  return (
    <fieldset className="payment-plan" disabled={disabled}>
      <legend className="payment-plan__legend">How would you like to pay?</legend>
      <div className="payment-plan__option">
        <input
          id="payment-plan-full"
          type="radio"
          name="payment-plan"
          value="full"
          checked={plan === 'full'}
          aria-describedby="payment-plan-full-note"
          onChange={() => onChange('full')}
        />
        <label htmlFor="payment-plan-full">Pay in full</label>
        <p id="payment-plan-full-note" className="payment-plan__note">
          {formatUsd(totalCents)} today
        </p>
      </div>
      <div className="payment-plan__option">
        <input
          id="payment-plan-installments"
          type="radio"
          name="payment-plan"
          value="installments"
          checked={plan === 'installments'}
          aria-describedby="payment-plan-installments-note"
          onChange={() => onChange('installments')}
        />
        <label htmlFor="payment-plan-installments">Pay in {count} installments</label>
        <ul id="payment-plan-installments-note" className="payment-plan__note payment-plan__preview">
          {preview.map((payment, index) => (
            <li key={index}>
              {index === 0 ? 'Today' : formatDate(payment.dueDate)}: {formatUsd(payment.amountCents)}
            </li>
          ))}
        </ul>
      </div>
    </fieldset>
  );
}

interface PaymentScheduleProps {
  /** The server's schedule: the first charge is made now, the others on their due dates (dollars). */
  schedule: readonly PlannedPaymentDto[];
  /** On the confirmation the first charge is paid; at checkout it is about to be. */
  firstPaid?: boolean;
}

/** What is charged when, as the server planned it. */
export function PaymentSchedule({ schedule, firstPaid = false }: PaymentScheduleProps) {
  const total = schedule.reduce((sum, payment) => sum + toCents(payment.amount), 0);
  return (
    <table className="payment-schedule">
      <caption className="payment-schedule__caption">Payment schedule</caption>
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Amount</th>
          <th scope="col">Status</th>
        </tr>
      </thead>
      <tbody>
        {schedule.map((payment, index) => (
          <tr key={index}>
            <th scope="row">{formatDate(payment.dueDate)}</th>
            <td>{formatUsd(toCents(payment.amount))}</td>
            <td>{index > 0 ? 'Charged automatically' : firstPaid ? 'Paid' : 'Charged today'}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">Total</th>
          <td>{formatUsd(total)}</td>
          <td />
        </tr>
      </tfoot>
    </table>
  );
}
