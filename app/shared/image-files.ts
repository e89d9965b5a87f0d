/** A stored image's id: the first 32 hex digits of the SHA-256 of the uploaded bytes. */
export const IMAGE_ID_PATTERN = /^[a-f0-9]{32}$/;

/** The only file names /imagens/ serves and a backup carries: `<id>-<width>.<format>`. */
export const IMAGE_FILE_PATTERN = /^([a-f0-9]{32})-([1-9]\d{1,3})\.(avif|webp|jpg)$/;
