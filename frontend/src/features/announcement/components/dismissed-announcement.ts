import type { Announcement } from '@papan/shared';
import { storage } from '../../../lib/storage';

const KEY = 'dismissedAnnouncement';

/**
 * Which announcement this browser dismissed: its level and text, so a new or changed announcement
 * shows again (docs/product.md, "Announcement").
 */
export function announcementId(announcement: Announcement): string {
  return `${announcement.level}:${announcement.text}`;
}

export function isDismissed(announcement: Announcement): boolean {
  return storage.get(KEY) === announcementId(announcement);
}

export function dismiss(announcement: Announcement): void {
  storage.set(KEY, announcementId(announcement));
}
