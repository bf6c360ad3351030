// The reference a reservation keeps for its whole life (ADR 017).

/**
 * A reservation's reference: made by the browser when the guest presses
 * Reserve and kept with the draft for the reservation's whole life, sent as
 * `confirmationCode`. Long and random, so knowing it proves being that
 * reservation: a new payment attempt under it replaces the hold and intent of
 * the last one. Shorter codes (SPEC.md's timestamp) are recorded but replace
 * nothing, as anyone could guess them.
 */
export const reservationReferencePattern = /^[A-Za-z0-9_-]{20,100}$/;

export function isReservationReference(value: string | undefined): value is string {
  return value !== undefined && reservationReferencePattern.test(value);
}
