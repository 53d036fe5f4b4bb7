import { BlockList, isIP } from 'node:net';
import Bowser from 'bowser';

export interface Device {
  browser: string;
  os: string;
}

export function parseDevice(userAgent: string): Device {
  if (!userAgent) return { browser: 'Unknown', os: 'Unknown' };
  const parsed = Bowser.parse(userAgent);
  const browser = [parsed.browser.name, parsed.browser.version?.split('.')[0]].filter(Boolean).join(' ');
  const os = [parsed.os.name, parsed.os.versionName ?? parsed.os.version].filter(Boolean).join(' ');
  return { browser: browser || 'Unknown', os: os || 'Unknown' };
}

const privateRanges = new BlockList();
privateRanges.addSubnet('10.0.0.0', 8);
privateRanges.addSubnet('172.16.0.0', 12);
privateRanges.addSubnet('192.168.0.0', 16);
privateRanges.addSubnet('127.0.0.0', 8);
privateRanges.addSubnet('169.254.0.0', 16);
privateRanges.addAddress('::1', 'ipv6');
privateRanges.addSubnet('fc00::', 7, 'ipv6');
privateRanges.addSubnet('fe80::', 10, 'ipv6');

/** Location without calling an outside service: private addresses are the local network. */
export function locate(ip: string): string {
  const address = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  const family = isIP(address);
  if (!family) return 'Unknown';
  return privateRanges.check(address, family === 6 ? 'ipv6' : 'ipv4') ? 'Local network' : 'Unknown';
}
