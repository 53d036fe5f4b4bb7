import type Sharp from 'sharp';

let loading: Promise<typeof Sharp> | undefined;

/**
 * sharp, loaded with the first image rather than with the server: libvips and its bindings are
 * ~20 MB of resident memory that a server nobody uploads a picture to never needs.
 */
export function loadSharp(): Promise<typeof Sharp> {
  return (loading ??= import('sharp').then((module) => module.default));
}
