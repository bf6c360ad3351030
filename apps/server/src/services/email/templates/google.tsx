// The price-accuracy twin's alert (issue 27): to the company inbox when what
// Google was sent disagrees with what the site charges, before Google's own
// price check finds it.
import { List, Paragraph, TextLink, type EmailContent } from '../layout.js';

export interface GoogleTwinAlertData {
  /** e.g. "2 homes". */
  homes: { propertyId: string; mismatches: number; example: string }[];
  itineraries: number;
  consoleUrl: string;
}

export function googleTwinAlert({ homes, itineraries, consoleUrl }: GoogleTwinAlertData): EmailContent {
  const count = homes.reduce((sum, home) => sum + home.mismatches, 0);
  return {
    subject: `Google prices disagree with the site for ${homes.length} home${homes.length === 1 ? '' : 's'}`,
    audience: 'company',
    body: (
      <>
        <Paragraph>
          {`The price check compared ${itineraries} stays and found ${count} where the price Google was sent is not what the site charges. Pushes to Google for these homes are held back until what would be sent agrees:`}
        </Paragraph>
        <List items={homes.map((home) => `${home.propertyId}: ${home.mismatches} stays, e.g. ${home.example}`)} />
        <Paragraph>
          {'Details in the console: '}
          <TextLink href={consoleUrl}>{consoleUrl}</TextLink>
        </Paragraph>
      </>
    ),
  };
}
