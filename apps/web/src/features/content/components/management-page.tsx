import { useState } from 'react';
import { Modal } from '@/components/modal';
import { Slideshow } from '@/components/slideshow';
import { managementIntro, managementServices, managementSlides, ownerInquiryCopy } from '../data/management';
import { OwnerInquiryForm } from './owner-inquiry-form';
import { SlidePhoto } from './slide-photo';
import './content.css';

export function ManagementPage() {
  const [inquiryOpen, setInquiryOpen] = useState(false);
  // A new form each time the dialog opens, so a sent inquiry's thank-you is not shown again.
  const [formKey, setFormKey] = useState(0);

  function openInquiry() {
    setFormKey((key) => key + 1);
    setInquiryOpen(true);
  }

  return (
    <div className="content-page">
      <header className="page-header page-container">
        <h1>{managementIntro.title}</h1>
        <p className="page-header__lead">{managementIntro.lead}</p>
        <div className="content-actions">
          <button type="button" className="button button--primary button--large" onClick={openInquiry}>
            {managementIntro.primaryAction}
          </button>
        </div>
      </header>

      <div className="page-container">
        <Slideshow
          items={managementSlides}
          label="Homes we manage"
          getKey={(slide) => slide.id}
          getTitle={(slide) => slide.title}
          renderSlide={(slide, index) => <SlidePhoto photo={slide.photo} eager={index === 0} />}
        />
      </div>

      <section className="content-section page-container" aria-labelledby="services-title">
        <h2 id="services-title">What We Take Care Of</h2>
        <ul className="content-cards content-cards--three">
          {managementServices.map((service) => (
            <li key={service.title} className="content-card">
              <h3>{service.title}</h3>
              <p>{service.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="content-section content-section--band" aria-labelledby="owners-cta-title">
        <div className="page-container">
          <h2 id="owners-cta-title">Ready to earn more from your home?</h2>
          <p className="content-lead">{ownerInquiryCopy.intro}</p>
          <div className="content-actions">
            <button type="button" className="button button--primary" onClick={openInquiry}>
              {managementIntro.secondaryAction}
            </button>
          </div>
        </div>
      </section>

      <Modal open={inquiryOpen} onOpenChange={setInquiryOpen} title={ownerInquiryCopy.title}>
        <OwnerInquiryForm key={formKey} />
      </Modal>
    </div>
  );
}
