/**
 * The legal texts in English, as their own i18next namespace ("legal"): only the legal pages load them, so the
 * first load of every other page stays small. Plain language, and true to what Bops stores and does.
 */
export const legalUpdated = '2026-11-01';

export const enLegal = {
  termsAndConditions: {
    title: 'Terms and conditions',
    intro:
      'These terms are the agreement between you and the operator of this Bops server: the person or organisation that runs it. Bops is open-source software that anyone can host; each server has its own operator, who is responsible for it. By creating an account or using Bops you agree to these terms, the privacy policy and the community guidelines.',
    sections: [
      {
        heading: 'Who may use Bops',
        paragraphs: [
          'You must be 18 or older to create an account. When you create an AI singer you confirm again that you are 18 or older and agree to these terms.',
          'Bops is not meant for children. Anyone under 13 is barred outright: they may not use Bops at all, even with a parent’s permission. If we learn that an account belongs to someone under 18, we close it and delete its content.',
        ],
      },
      {
        heading: 'Bops is in beta',
        paragraphs: [
          'Bops is beta software. Features change, songs can take longer than estimated, and something may break. We do our best to keep your content safe, but keep your own copies of anything that matters to you.',
          'There is a daily limit on how many songs you can create. It is shown in the app and may change.',
        ],
      },
      {
        heading: 'Your account',
        paragraphs: [
          'Keep your sign-in details to yourself; you are responsible for what happens under your account. Tell the operator at once if you think someone else has used it.',
          'You can change your profile at any time and ask the operator to delete your account.',
        ],
      },
      {
        heading: 'Your voice and your AI singer',
        paragraphs: [
          'You may only upload or record your own voice, or the voice of someone who has given you clear permission. Making an AI singer from someone else’s voice without their consent is forbidden.',
          'Your AI singer is private to your account. It is built on this server from your sample; it is not shared with other users or sent to outside services.',
        ],
      },
      {
        heading: 'What you make',
        paragraphs: [
          'You keep the rights you have in your lyrics, your voice and the songs you make. You give the operator permission to store, process, play and show them as needed to run Bops for you, including to people you share them with.',
          'Songs are private until you put them in a public playlist or share them. Anyone with a share link to public content can listen to it.',
          'Song covers and remixes use music that may belong to others. Only use songs you have the right to use, and share covers only where that is allowed. You are responsible for what you upload, link and share.',
        ],
      },
      {
        heading: 'Takedowns and three strikes',
        paragraphs: [
          'Anyone can report content that infringes their rights or breaks the community guidelines with the takedown notice form on the community guidelines page. The operator reviews each notice; content found to break the rules is taken down.',
          'Each valid takedown notice against your content counts as a strike. After three valid takedown notices, your account is terminated.',
        ],
      },
      {
        heading: 'Ending your use',
        paragraphs: [
          'You can stop using Bops at any time. The operator may suspend or terminate accounts that break these terms or the community guidelines, or that put the service or other people at risk.',
        ],
      },
      {
        heading: 'No warranty, limited liability',
        paragraphs: [
          'Bops is provided as it is, without warranties of any kind, as far as the law allows. The operator is not liable for lost content, lost profits or indirect damages arising from the use of Bops, except where the law does not allow this to be excluded.',
          'The Bops software is free software under the GNU Affero General Public License, version 3 or later. Its source code is available to everyone who uses it.',
        ],
      },
      {
        heading: 'Changes',
        paragraphs: [
          'The operator may update these terms. The date at the top shows the latest version. If a change matters, you will be told in the app before it applies; using Bops afterwards means you accept it.',
        ],
      },
    ],
  },
  privacyPolicy: {
    title: 'Privacy policy',
    intro:
      'This policy says what this Bops server keeps about you, why, and who can see it. Bops is self-hosted: everything below is stored by the operator of this server, in their own database and file storage. Nothing is sold, and nothing is sent to advertising or analytics companies.',
    sections: [
      {
        heading: 'What we keep',
        paragraphs: [
          'Your account: your e-mail address and name, the profile details you choose to add (first and last name, display name, bio) and an optional photo. If you sign in with Google or another provider, we receive your e-mail address and name from it.',
          'Your voice: the voice samples you record or upload, and the AI singers built from them.',
          'What you make and do: your songs, lyrics, prompts, covers, playlists, likes and how often songs are played.',
          'Usage events: which pages you open and which buttons you press (for example "Get Started" or "play"), with the time, the page address, your browser’s description of itself, and a random identifier stored in your browser. If you arrived through a campaign link, its campaign name is kept with these events.',
          'Crash reports: when the app breaks, the error message, where it happened, the page address and your browser’s description of itself.',
          'Takedown notices: the name, e-mail address, link and reason given in the form.',
        ],
      },
      {
        heading: 'Why we keep it',
        paragraphs: [
          'To run Bops for you: to sign you in, build your AI singer, make and play your songs and keep your playlists.',
          'To improve Bops and fix it: usage events tell the operator which parts are used and where people get stuck; crash reports show what broke.',
          'To handle takedown notices and keep Bops safe.',
        ],
      },
      {
        heading: 'Where it is kept and who sees it',
        paragraphs: [
          'Everything is stored by the operator of this server in their own database and storage. Usage events and crash reports go to this server only; by default nothing is sent to third parties.',
          'Other users see only what you share: songs in your public playlists, shared links, and the creator name on them. Your AI singers, voice samples and private songs stay private.',
          'If the operator uses outside services to run the server (hosting, e-mail delivery, a Google sign-in), those services process the data they need for that purpose only.',
        ],
      },
      {
        heading: 'Cookies and browser storage',
        paragraphs: [
          'Your sign-in session is kept in an httpOnly cookie, which scripts on the page cannot read. A cookie also counts the songs you created today, for the daily limit.',
          'Your browser’s local storage keeps your theme choice, whether you have seen the tutorial, and the random identifier used for usage events. Session storage keeps the countdowns of songs being made. There are no advertising or tracking cookies.',
        ],
      },
      {
        heading: 'E-mail',
        paragraphs: [
          'We e-mail you only to say that something you asked for is ready: your AI singer, or a song for which you left an address. There is no newsletter and no marketing mail.',
        ],
      },
      {
        heading: 'How long we keep it',
        paragraphs: [
          'Your account, voice and songs are kept until you delete them or ask the operator to delete your account. Usage events and crash reports are kept as long as the operator needs them to improve Bops, and the operator can delete them at any time.',
        ],
      },
      {
        heading: 'Your rights',
        paragraphs: [
          'You can see and change your profile in the app, delete your AI singers, songs and playlists, and ask the operator for a copy of your data or to delete your account. Depending on where you live, you may also have the right to object to processing or to complain to a data-protection authority.',
        ],
      },
      {
        heading: 'Children',
        paragraphs: [
          'Bops is for people aged 18 and over. Under-13s are barred outright. We do not knowingly keep data about children; if we learn of it, we delete it.',
        ],
      },
      {
        heading: 'Self-hosting',
        paragraphs: [
          'If you run your own Bops server, you are the operator: you decide where its data lives and you are responsible for it. These texts are a starting point; adapt them to your server.',
        ],
      },
    ],
  },
  communityGuidelines: {
    title: 'Community guidelines',
    intro:
      'Bops is for making music you are proud of. These guidelines keep it fun and fair for everyone. Breaking them can get content taken down and, after three valid takedown notices, an account terminated.',
    sections: [
      {
        heading: 'Use your own voice',
        paragraphs: [
          'Build AI singers only from your own voice, or from someone who has clearly agreed. Do not impersonate other people, including artists and public figures, or make it look as if someone said or sang something they did not.',
        ],
      },
      {
        heading: 'Respect other people’s work',
        paragraphs: [
          'Only cover, remix or upload music you have the right to use. Lyrics you did not write belong to their authors. When in doubt, keep it private.',
        ],
      },
      {
        heading: 'Keep it kind and legal',
        paragraphs: [
          'No hate, harassment, threats or bullying. No content that sexualises minors, promotes violence or terrorism, or breaks the law. No sharing of other people’s personal information.',
          'Explicit lyrics are allowed in private songs; do not share them where others did not ask for them.',
        ],
      },
      {
        heading: 'No spam or abuse',
        paragraphs: [
          'Do not flood Bops with songs, likes or plays, get around the daily limit, or try to break into accounts or the server.',
        ],
      },
      {
        heading: 'Reporting content',
        paragraphs: [
          'If you find content that infringes your rights or breaks these guidelines, send a takedown notice with the form below. Give the link to the song or playlist and tell us what is wrong. The operator reviews every notice.',
          'When a notice is valid, the content is taken down and its owner gets a strike. Three strikes terminate the account. Notices that are false or made in bad faith can themselves lead to action.',
        ],
      },
    ],
  },
} as const;

export type LegalDocument = keyof typeof enLegal;
