import { SYSTEM_STATUS, type StatusSettings, type SystemStatusValue } from '@banca/contract';
import { ipInRanges, type Visitor } from '../../platform/http/visitor.ts';

/**
 * The status a visitor sees. Maintenance wins over blocking. A visitor is blocked when their IP is in a
 * blocked range or their country is blocked, unless their IP is in an allowed range (office, monitoring).
 */
export function computeSystemStatus(settings: StatusSettings, visitor: Visitor): SystemStatusValue {
  const location = { ip: visitor.ip, countryCode: visitor.countryCode };
  if (settings.maintenance.enabled) {
    return {
      systemStatus: SYSTEM_STATUS.MAINTENANCE,
      maintenance: { endTime: settings.maintenance.endTime },
      location,
    };
  }
  const { blockedCountries, blockedIpRanges, allowedIpRanges } = settings.region;
  const blocked =
    ipInRanges(visitor.ip, blockedIpRanges) ||
    (visitor.countryCode !== null && blockedCountries.includes(visitor.countryCode));
  if (blocked && !ipInRanges(visitor.ip, allowedIpRanges)) {
    return { systemStatus: SYSTEM_STATUS.REGION_BLOCKED, maintenance: null, location };
  }
  return { systemStatus: SYSTEM_STATUS.NORMAL, maintenance: null, location };
}
