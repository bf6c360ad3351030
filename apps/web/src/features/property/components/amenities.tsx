import { useState } from 'react';
import { featuredAmenities, type Amenity, type PropertyDetails } from '@sas/domain';
import { Modal } from '@/components/modal';
import '@/components/property-section.css';
import './amenities.css';

interface AmenityGroup {
  category: string;
  items: string[];
}

/** Categories in the order the server lists them, so the modal matches the featured list. */
function groupByCategory(amenities: readonly Amenity[]): AmenityGroup[] {
  const groups = new Map<string, string[]>();
  for (const { category, item } of amenities) {
    const items = groups.get(category);
    if (items) items.push(item);
    else groups.set(category, [item]);
  }
  return Array.from(groups, ([category, items]) => ({ category, items }));
}

function CheckIcon() {
  return (
    <svg className="amenities__icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        d="M5 12.5l4.5 4.5L19 7.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function AmenityList({ items }: { items: readonly string[] }) {
  return (
    <ul className="amenities__list">
      {items.map((item, index) => (
        <li key={`${item}-${index}`} className="amenities__item">
          <CheckIcon />
          {item}
        </li>
      ))}
    </ul>
  );
}

/** Ten featured amenities, and every one grouped by category in a modal (SPEC.md sections 2 and 9). */
export function Amenities({ property }: { property: PropertyDetails }) {
  const [open, setOpen] = useState(false);
  const { amenities } = property;
  const featured = amenities.slice(0, featuredAmenities);

  return (
    <section id="amenities" className="property-section amenities" aria-labelledby="amenities-title">
      <h2 id="amenities-title" className="property-section__title">
        Amenities
      </h2>
      {amenities.length === 0 ? (
        <p className="property-section__status">No amenities information available.</p>
      ) : (
        <AmenityList items={featured.map((amenity) => amenity.item)} />
      )}
      {amenities.length > featuredAmenities && (
        <>
          <button
            type="button"
            className="button button--secondary property-section__more"
            aria-haspopup="dialog"
            onClick={() => setOpen(true)}
          >
            Show all {amenities.length} amenities
          </button>
          <Modal open={open} onOpenChange={setOpen} title="Amenities">
            {groupByCategory(amenities).map((group) => (
              <div key={group.category} className="amenities__group">
                <h3 className="amenities__category">{group.category}</h3>
                <AmenityList items={group.items} />
              </div>
            ))}
          </Modal>
        </>
      )}
    </section>
  );
}
