/**
 * The words the landing page and the shell around it need, in English: the first load carries only these, the rest
 * of the table (en.translation.ts) loads with the first other page.
 */
export const enCore = {
  app: {
    title: 'Bops AI',
    name: 'Bops',
    slogan: 'Make your own Bops',
    beta: 'BETA',
    loading: 'loading. please wait',
    skipToContent: 'Skip to content',
  },
  nav: {
    home: 'Home',
    create: 'Create',
    voiceCloning: 'Voice cloning',
    songCover: 'Song cover',
    rap: 'Rap',
    manage: 'Manage',
    profile: 'Profile',
    tutorial: 'User tutorial',
    logIn: 'Log in',
    logOff: 'Log off',
    communityGuidelines: 'Community guidelines',
    privacyPolicy: 'Privacy policy',
    termsAndConditions: 'Terms and conditions',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    back: 'Back',
    mainNavigation: 'Main navigation',
    legal: 'Legal',
  },
  theme: {
    label: 'Theme',
    light: 'Light',
    dark: 'Dark',
    system: 'System',
  },
  processes: {
    count_one: '{{count}} process in progress',
    count_other: '{{count}} processes in progress',
  },
  footer: {
    copyright: '© {{year}} Bops. All rights reserved.',
  },
  crash: {
    title: 'Sorry...',
    message: 'Something went wrong. Please try again later.',
  },
  validation: {
    required: 'This field is required',
    emailInvalid: 'Email is invalid',
    tooLong: 'Use at most {{max}} characters',
    photoType: 'Choose a JPEG, PNG or WebP image',
    photoSize: 'Choose an image of at most 10 MB',
  },
  landing: {
    getStarted: 'Get Started',
    signIn: 'Sign In',
    startYourJourney: 'Start Your Journey',
    youreTheStar: "You're the star",
    lead: 'Clone your voice, cover your favourite songs and turn your lyrics into raps. No studio, no lessons.',
    closing: 'Your voice, your songs, your playlists. Make your first Bops in minutes.',
    features: {
      aiSinger: {
        title: 'AI Singer',
        subtitle: 'Your voice, as an AI singer',
        description: 'Record or upload a voice sample and Bops learns to sing like you.',
        videoLabel: 'Preview: a voice sample turning into an AI singer',
      },
      songRemix: {
        title: 'Song Remix',
        subtitle: 'Cover any song in your voice',
        description: 'Paste a public share link and hear your AI singer take the lead.',
        videoLabel: 'Preview: a song coming back in your own voice',
      },
      playlist: {
        title: 'Craft Your Private Playlist',
        subtitle: 'Keep your Bops together',
        description: 'Collect your songs in private or public playlists and share them by link.',
        videoLabel: 'Preview: a private playlist of your songs playing',
      },
      rap: {
        title: 'AI Rap Generator',
        subtitle: 'From lyrics to a rap track',
        description: 'Write or generate lyrics, pick a rapper and a beat, and get a track.',
        videoLabel: 'Preview: rap lyrics lighting up word by word on the beat',
      },
    },
  },
};
