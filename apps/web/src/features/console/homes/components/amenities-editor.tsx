import { useId, useState } from 'react';
import { rowKey, type AmenityDraft } from '../utils/home-draft';

interface AmenitiesEditorProps {
  amenities: AmenityDraft[];
  onChange: (amenities: AmenityDraft[]) => void;
}

/** Categories in the order their first amenity appears, as the public page groups them. */
function categoriesOf(amenities: AmenityDraft[]): string[] {
  return [...new Set(amenities.map((a) => a.category))];
}

/**
 * A home's amenities grouped by category: edit or remove an item, add one to
 * a category, or start a new category. A new row takes the focus, so a
 * keyboard user types straight into it.
 */
export function AmenitiesEditor({ amenities, onChange }: AmenitiesEditorProps) {
  const [newCategory, setNewCategory] = useState('');
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const newCategoryId = useId();

  const update = (key: string, item: string) => onChange(amenities.map((a) => (a.key === key ? { ...a, item } : a)));
  const remove = (key: string) => onChange(amenities.filter((a) => a.key !== key));
  const add = (category: string) => {
    const row = { key: rowKey(), item: '', category };
    // After the category's last item, so the group keeps its place.
    const lastIndex = amenities.findLastIndex((a) => a.category === category);
    const next = [...amenities];
    next.splice(lastIndex === -1 ? next.length : lastIndex + 1, 0, row);
    setFocusKey(row.key);
    onChange(next);
  };

  return (
    <fieldset className="home-form__wide home-form__group">
      <legend>Amenities</legend>
      {categoriesOf(amenities).map((category) => (
        <fieldset key={category} className="home-form__category">
          <legend>{category}</legend>
          <ul className="home-form__rows">
            {amenities
              .filter((a) => a.category === category)
              .map((amenity, index) => (
                <li key={amenity.key} className="home-form__row">
                  <input
                    aria-label={`${category} amenity ${index + 1}`}
                    value={amenity.item}
                    // Only a row the user just added takes the focus.
                    autoFocus={amenity.key === focusKey}
                    onChange={(event) => update(amenity.key, event.target.value)}
                  />
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() => remove(amenity.key)}
                    aria-label={`Remove ${amenity.item || `${category} amenity ${index + 1}`}`}
                  >
                    Remove
                  </button>
                </li>
              ))}
          </ul>
          <button type="button" className="button button--secondary" onClick={() => add(category)}>
            Add an amenity to {category}
          </button>
        </fieldset>
      ))}
      <div className="home-form__row">
        <div className="field">
          <label htmlFor={newCategoryId}>New category</label>
          <input id={newCategoryId} value={newCategory} onChange={(event) => setNewCategory(event.target.value)} />
        </div>
        <button
          type="button"
          className="button button--secondary"
          disabled={newCategory.trim() === ''}
          onClick={() => {
            add(newCategory.trim());
            setNewCategory('');
          }}
        >
          Add category
        </button>
      </div>
    </fieldset>
  );
}
