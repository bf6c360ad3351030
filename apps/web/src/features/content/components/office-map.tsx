import { officeAddress, officeAddressParts, safeUrl } from '@sas/domain';
import { env } from '@/env';
import { officeMapsLink } from '../data/links';

/** A drawn street map around the office: no tiles, no requests, works offline. */
function StaticMap() {
  return (
    <svg
      className="office-map__image"
      viewBox="0 0 600 360"
      role="img"
      aria-label={`Map of ${officeAddressParts.street} in ${officeAddressParts.city}, between Main Street and the Blue River`}
    >
      <rect width="600" height="360" fill="#e9efe4" />
      <path
        d="M0 250 C 120 230, 200 300, 330 280 S 520 210, 600 240 L600 300 C 500 270, 420 330, 320 330 S 110 290, 0 310 Z"
        fill="#b9d7e6"
      />
      <g stroke="#ffffff" strokeWidth="16" strokeLinecap="round">
        <path d="M300 0 V360" />
        <path d="M0 120 H600" />
        <path d="M0 200 H600" />
        <path d="M170 0 V360" />
        <path d="M440 0 V360" />
      </g>
      <g fill="#d9cfbf">
        <rect x="190" y="20" width="90" height="80" rx="6" />
        <rect x="320" y="20" width="100" height="80" rx="6" />
        <rect x="190" y="140" width="90" height="40" rx="6" />
        <rect x="460" y="140" width="110" height="40" rx="6" />
        <rect x="20" y="20" width="130" height="80" rx="6" />
        <rect x="20" y="140" width="130" height="40" rx="6" />
      </g>
      <g fill="#4f5d66" fontFamily="system-ui, sans-serif" fontSize="15">
        <text x="308" y="345">
          Main St
        </text>
        <text x="470" y="114">
          Lincoln Ave
        </text>
        <text x="470" y="194">
          Washington Ave
        </text>
        <text x="40" y="265">
          Blue River
        </text>
      </g>
      <g transform="translate(300 160)">
        <path d="M0 0 C -18 -22, -18 -46, 0 -50 C 18 -46, 18 -22, 0 0 Z" fill="#a8481c" />
        <circle cx="0" cy="-32" r="7" fill="#ffffff" />
      </g>
    </svg>
  );
}

/**
 * The office on a map: the configured embed (MAP_EMBED_URL, allow-listed)
 * when there is one, else a drawn map with a link to a maps site.
 */
export function OfficeMap() {
  const embed = safeUrl(env.site.mapEmbedUrl, 'map');
  return (
    <div className="office-map">
      {embed === null ? (
        <StaticMap />
      ) : (
        <iframe
          className="office-map__frame"
          src={embed}
          title={`Map of our office at ${officeAddress}`}
          loading="lazy"
          referrerPolicy="no-referrer-when-downgrade"
        />
      )}
      <a href={officeMapsLink()} target="_blank" rel="noopener noreferrer" className="office-map__link">
        Open {officeAddress} in OpenStreetMap
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    </div>
  );
}
