import type { User } from '@papan/shared';
import { api } from '../../../lib/api-client';
import type { ProfileInput, ProfileUpdateAnswer } from './types';

/**
 * PUT /api/users/profile, multipart (docs/product.md, "Entities"): name, gender, socialLinks as
 * JSON, optional picture.
 */
export async function updateProfile(input: ProfileInput): Promise<{ user: User; token?: string }> {
  const form = new FormData();
  form.append('name', input.name);
  form.append('gender', input.gender);
  form.append('socialLinks', JSON.stringify(input.socialLinks));
  if (input.profilePicture) form.append('profilePicture', input.profilePicture, 'profile-picture.png');
  const answer = await api.put<ProfileUpdateAnswer>('/api/users/profile', form);
  if ('user' in answer) return answer;
  const { token, ...user } = answer;
  return { user, token };
}
