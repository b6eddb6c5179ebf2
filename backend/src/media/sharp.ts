import sharp from 'sharp';

// Every image is decoded and encoded once, so libvips' operation cache (up to 50 MB by
// default) would only hold memory.
sharp.cache(false);

export default sharp;
