import { useState } from 'react';
import { descriptionPreview, parseDescription, type DescriptionBlock, type PropertyDetails } from '@sas/domain';
import { Modal } from '@/components/modal';
import '@/components/property-section.css';
import './about-space.css';

const title = 'About this space';

function DescriptionBlocks({ blocks }: { blocks: readonly DescriptionBlock[] }) {
  return (
    <div className="about-space__text">
      {blocks.map((block, index) => (
        <div key={index} className="about-space__block">
          {block.text !== '' && <p>{block.text}</p>}
          {block.bullets.length > 0 && (
            <ul>
              {block.bullets.map((bullet, bulletIndex) => (
                <li key={bulletIndex}>{bullet}</li>
              ))}
            </ul>
          )}
        </div>
      ))}
    </div>
  );
}

/** The owner's description: a short preview, and the whole text in a modal (SPEC.md sections 2 and 9). */
export function AboutSpace({ property }: { property: PropertyDetails }) {
  const [open, setOpen] = useState(false);
  const preview = descriptionPreview(property.description);

  return (
    <section id="about" className="property-section about-space" aria-labelledby="about-title">
      <h2 id="about-title" className="property-section__title">
        {title}
      </h2>
      {preview.blocks.length > 0 ? (
        <DescriptionBlocks blocks={preview.blocks} />
      ) : (
        // A home without a description still has its one-line summary.
        property.summary !== '' && <p className="about-space__text">{property.summary}</p>
      )}
      {preview.hasMore && (
        <>
          <button
            type="button"
            className="button button--secondary property-section__more"
            aria-haspopup="dialog"
            onClick={() => setOpen(true)}
          >
            Show more
          </button>
          <Modal open={open} onOpenChange={setOpen} title={title}>
            <DescriptionBlocks blocks={parseDescription(property.description)} />
          </Modal>
        </>
      )}
    </section>
  );
}
