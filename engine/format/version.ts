/** The file format version this build writes and the newest it reads. */
export const CURRENT_FORMAT_VERSION = 1;
/** Stamped into every file this build writes (`app` in the envelope). */
export const APP_NAME = 'sandtable';
export const APP_VERSION = '0.1.0';
