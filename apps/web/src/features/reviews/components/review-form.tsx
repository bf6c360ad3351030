import { useId, useState, type FormEvent } from 'react';
import { formatDateRange, reviewSubRatings, type ReviewSubRating } from '@sas/domain';
import { isApiError } from '@/lib/api-client';
import { useReviewRequest, useSubmitReview } from '../api/review-request';
import './review-form.css';

const subRatingLabels: Record<ReviewSubRating, string> = {
  cleanliness: 'Cleanliness',
  accuracy: 'Accuracy of the listing',
  communication: 'Communication',
  location: 'Location',
  value: 'Value',
};

/** Five radio buttons for 1-5 stars, as a group with its own legend (keyboard: arrows move the choice). */
function StarChoice({
  name,
  legend,
  value,
  onChange,
}: {
  name: string;
  legend: string;
  value: number;
  onChange: (value: number) => void;
}) {
  const id = useId();
  return (
    <fieldset className="review-form__stars">
      <legend>{legend}</legend>
      {[1, 2, 3, 4, 5].map((star) => (
        <span key={star} className="review-form__star">
          <input
            type="radio"
            id={`${id}-${star}`}
            name={name}
            value={star}
            required
            checked={value === star}
            onChange={() => onChange(star)}
          />
          <label htmlFor={`${id}-${star}`}>
            {star} <span className="visually-hidden">of 5</span>
          </label>
        </span>
      ))}
    </fieldset>
  );
}

/** The verified review form (issue 28): one review per stay, from the link in the thank-you e-mail. */
export function ReviewForm({ token }: { token: string }) {
  const request = useReviewRequest(token);
  const submit = useSubmitReview();
  const [rating, setRating] = useState(0);
  const [ratings, setRatings] = useState<Record<ReviewSubRating, number>>({
    cleanliness: 0,
    accuracy: 0,
    communication: 0,
    location: 0,
    value: 0,
  });
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const textId = useId();

  if (token === '' || request.isError) {
    const gone = isApiError(request.error) && request.error.status === 410;
    return (
      <div role="alert" className="review-form__notice">
        <h1>{gone ? 'This review link has expired' : 'This review link does not work'}</h1>
        <p>{request.error?.message ?? 'The link is incomplete. Please open it again from your e-mail.'}</p>
      </div>
    );
  }
  if (request.isPending) return <p role="status">Loading your stay…</p>;
  if (submit.isSuccess) {
    return (
      <div role="status" className="review-form__notice">
        <h1>Thank you for your review</h1>
        <p>It will appear on the home&apos;s page once our team has read it.</p>
      </div>
    );
  }

  const stay = request.data;
  function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setProblem(null);
    if (rating === 0 || Object.values(ratings).some((value) => value === 0)) {
      setProblem('Please choose a rating for each question.');
      return;
    }
    submit.mutate({ token, rating, ratings, text: text.trim() }, { onError: (error) => setProblem(error.message) });
  }

  return (
    <form className="review-form" onSubmit={send} noValidate>
      <h1>How was your stay at {stay.propertyName}?</h1>
      <p>
        {stay.firstName ? `${stay.firstName}, thank you` : 'Thank you'} for staying with us,{' '}
        {formatDateRange(stay.checkIn, stay.checkOut)}. Your review helps the next guests.
      </p>
      <StarChoice name="rating" legend="Overall" value={rating} onChange={setRating} />
      {reviewSubRatings.map((key) => (
        <StarChoice
          key={key}
          name={key}
          legend={subRatingLabels[key]}
          value={ratings[key]}
          onChange={(value) => setRatings((current) => ({ ...current, [key]: value }))}
        />
      ))}
      <div className="review-form__field">
        <label htmlFor={textId}>Your review</label>
        <textarea
          id={textId}
          name="text"
          rows={6}
          required
          minLength={10}
          maxLength={5000}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <div role="alert">{problem && <p className="review-form__error">{problem}</p>}</div>
      <button type="submit" className="button button--primary" disabled={submit.isPending}>
        {submit.isPending ? 'Sending…' : 'Send my review'}
      </button>
    </form>
  );
}
