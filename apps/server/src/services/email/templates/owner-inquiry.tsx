// An owner's inquiry from the Management page, to the company's inbox.
import { companyName, type OwnerInquiryRequest } from '@sas/domain';
import { Fields, Paragraph, Preformatted, SectionHeading, type EmailContent } from '../layout.js';

export function ownerInquiry(inquiry: OwnerInquiryRequest & { id: string }): EmailContent {
  return {
    subject: `Owner inquiry: ${inquiry.name}, ${inquiry.bedrooms}-bedroom home in ${inquiry.propertyLocation}`,
    title: 'New owner inquiry',
    audience: 'company',
    body: (
      <>
        <Fields
          fields={[
            { label: 'Name', value: inquiry.name },
            { label: 'E-mail', value: inquiry.email },
            { label: 'Phone', value: inquiry.phone },
            { label: 'Property location', value: inquiry.propertyLocation },
            { label: 'Bedrooms', value: String(inquiry.bedrooms) },
          ]}
        />
        <SectionHeading>Message</SectionHeading>
        <Preformatted>{inquiry.message}</Preformatted>
        <Paragraph muted>{`Sent from the ${companyName} Management page. Inquiry ${inquiry.id}.`}</Paragraph>
      </>
    ),
  };
}
