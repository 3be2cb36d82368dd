/** Sixteen bars of original lyrics (one line per bar, 12-bar verse and a 4-bar hook) for benchmarks. */
export const SIXTEEN_BARS = `[Verse]
I came up from the bottom with a pen and a dream
every single night I was writing my scheme
now the city is loud and the lights never sleep
and I keep every promise I was making to keep
started out with nothing but a beat and a rhyme
counting every dollar while I'm counting the time
momma said be patient and the money will come
now I'm standing on the stage and I'm beating the drum
they never believed it when I told them the plan
now they're looking for a ticket in the back of the van
I was 19 with a notebook and 2 dollars to spend
and I'm still writing verses for the love till the end

[Hook]
we going up tonight, we going up
fill the room with light and raise your cup
we going up tonight, we never stop
from the basement to the very top`;
