import { useState } from 'react';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { DEFAULT_COVER, coverSrc } from './music-format.ts';

/** A song or playlist cover that shows the default cover when the image is missing or fails to load. */
export function CoverImage({
  src,
  alt = '',
  size,
  sx,
}: {
  src: string | null | undefined;
  alt?: string;
  size?: number;
  sx?: SxProps<Theme>;
}) {
  const wanted = coverSrc(src);
  const [failed, setFailed] = useState<string | null>(null);
  const shown = failed === wanted ? DEFAULT_COVER : wanted;
  return (
    <Box
      component="img"
      src={shown}
      alt={alt}
      loading="lazy"
      onError={() => setFailed(wanted)}
      sx={[
        {
          display: 'block',
          objectFit: 'cover',
          borderRadius: 1,
          bgcolor: 'background.paper',
          ...(size ? { width: size, height: size, flexShrink: 0 } : { width: '100%', aspectRatio: '1' }),
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
}
