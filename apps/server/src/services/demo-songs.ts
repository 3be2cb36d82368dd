/** The eight songs a new Bops instance renders at first start, for the home page's "Demo" playlist. */
export interface DemoSong {
  id: string;
  title: string;
  artistId: string;
  musicSelectionId: string;
  lyrics: string;
}

export const DEMO_SONGS: readonly DemoSong[] = [
  {
    id: 'demo-make-your-own-bops',
    title: 'Make Your Own Bops',
    artistId: 'mc-volt',
    musicSelectionId: 'block-party',
    lyrics: [
      'Woke up with a beat and a brand new rhyme',
      'No studio, no label, just a little bit of time',
      'Type a couple words and the track comes alive',
      'Every single verse got a little more drive',
      'Make your own bops, turn it up, let it ride',
      'Pass it to a friend with the volume on high',
      'Nobody can tell you what your song should be',
      'Make your own bops and you set it free',
    ].join('\n'),
  },
  {
    id: 'demo-midnight-drive',
    title: 'Midnight Drive',
    artistId: 'deacon-grey',
    musicSelectionId: 'midnight-drive',
    lyrics: [
      'Streetlights blinking while the city sleeps',
      'Windows rolled down and the bass runs deep',
      'Nowhere to be and the road is wide',
      'Just me and the moon on a midnight drive',
      'Radio low with a slow little groove',
      'Every red light got nothing to prove',
      'Take the long way round till the morning comes',
      'Midnight drive with the hum of the drums',
    ].join('\n'),
  },
  {
    id: 'demo-golden-hour',
    title: 'Golden Hour',
    artistId: 'aria-bloom',
    musicSelectionId: 'golden-hour',
    lyrics: [
      'Sun going down on the edge of the bay',
      'Painting the sky in a gold kind of way',
      'Hold on to now, let the worries all fade',
      'Golden hour, golden hour, stay',
      'Shadows grow long and the breeze feels new',
      'Every little moment is a gift to you',
      'Sing it out loud, let the evening play',
      'Golden hour, golden hour, stay',
    ].join('\n'),
  },
  {
    id: 'demo-full-throttle',
    title: 'Full Throttle',
    artistId: 'rapid-rae',
    musicSelectionId: 'full-throttle',
    lyrics: [
      'Foot on the gas and I never look back',
      'Words coming fast like a train on a track',
      'Count to the four and I double the pace',
      'Every syllable landing right into its place',
      'Full throttle, full throttle, no brakes tonight',
      'Turn every doubt into fuel for the fight',
      'Catch me if you can but I am already gone',
      'Full throttle till the break of dawn',
    ].join('\n'),
  },
  {
    id: 'demo-letters-home',
    title: 'Letters Home',
    artistId: 'saint-echo',
    musicSelectionId: 'letters-home',
    lyrics: [
      'Writing you a letter from a town far away',
      'Missing every corner of the place where I stayed',
      'Kitchen table talks and the porch light on',
      'Funny how you miss it when the moment is gone',
      'These are my letters home, read them slow',
      'Every single line is a road I know',
      'One day soon I will be back at the door',
      'Letters home till I am home once more',
    ].join('\n'),
  },
  {
    id: 'demo-stadium-lights',
    title: 'Stadium Lights',
    artistId: 'lil-nova',
    musicSelectionId: 'stadium-lights',
    lyrics: [
      'Lights come on and the whole crowd roars',
      'Started in my bedroom, now I play for yours',
      'Hands in the air from the floor to the top',
      'Once it gets going it is never gonna stop',
      'Stadium lights, everybody sing along',
      'Thousand little voices in a giant song',
      'Remember the night when we made it this far',
      'Stadium lights, everybody is a star',
    ].join('\n'),
  },
  {
    id: 'demo-paper-rain',
    title: 'Paper Rain',
    artistId: 'ivy-lark',
    musicSelectionId: 'paper-rain',
    lyrics: [
      'Paper rain falling on a quiet street',
      'Folded little wishes landing at my feet',
      'Every one a memory I tried to keep',
      'Soft as a whisper and a song half asleep',
      'Let it fall, let it fall, let it wash me through',
      'Paper rain carrying me back to you',
      'When the clouds move on and the sky turns blue',
      'I will keep one wish that is only for you',
    ].join('\n'),
  },
  {
    id: 'demo-concrete-poet',
    title: 'Concrete Poet',
    artistId: 'cipher-9',
    musicSelectionId: 'concrete-poet',
    lyrics: [
      'Notebook in my pocket and a pen behind my ear',
      'Concrete poet writing what the city wants to hear',
      'Every crack in the sidewalk got a story to tell',
      'Every corner store sign is a line I know well',
      'Boom and the bap and the rhythm of the block',
      'Words on the wall and the tick of the clock',
      'Keep it real simple and keep it on beat',
      'Concrete poet with a verse for the street',
    ].join('\n'),
  },
];
