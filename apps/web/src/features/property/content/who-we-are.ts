// Copy of the "Who We Are" section of every property page. Kept apart from
// the component so the words can change without touching markup.

export const whoWeAreParagraphs: readonly string[] = [
  'Summit & Shore is a small, locally owned team that looks after vacation homes in Breckenridge, Colorado and along the Lake Michigan shore. We live where our guests stay, so the person who checks the hot tub before you arrive is the same one who can tell you which trail is dry this week.',
  'Every home is cleaned, inspected and stocked by our own staff, and our guest services team answers the phone seven days a week, before your trip and during it. Booking here, directly with us, means no platform fees and a real local host from the first question to checkout.',
];

export const whoWeArePromise = 'Questions about this home, your dates or the area? Call us.';
