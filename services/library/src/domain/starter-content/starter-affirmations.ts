import { STARTER_CREATOR_IDS, type LibraryCategory } from '@innerecho/contracts';

export interface StarterAffirmation {
  title: string;
  category: LibraryCategory;
  content: string;
  creatorId?: string;
  /** A believable spread of plays, so "most played" means something on a fresh install. */
  plays: number;
}

const { mayaRivers: MAYA, jonahBell: JONAH, amaraOkafor: AMARA } = STARTER_CREATOR_IDS;

/** The library a fresh install starts with: 12 affirmations in each of the five categories. */
export const STARTER_AFFIRMATIONS: StarterAffirmation[] = [
  // Wealth & Success
  {
    category: 'Wealth & Success',
    title: 'Abundance Flows to Me',
    plays: 214,
    creatorId: JONAH,
    content:
      'I am open to abundance in every form. Money flows to me easily and I receive it with gratitude. I use what I have wisely, and there is always more than enough.',
  },
  {
    category: 'Wealth & Success',
    title: 'I Deserve Success',
    plays: 188,
    content:
      'I deserve the success I am creating. My work has value and I welcome the rewards it brings. I let myself enjoy what I have earned.',
  },
  {
    category: 'Wealth & Success',
    title: 'Clear Financial Choices',
    plays: 96,
    content:
      'I make calm, clear decisions about money. I know where my money goes and I direct it with purpose. Every wise choice I make today builds my security tomorrow.',
  },
  {
    category: 'Wealth & Success',
    title: 'Opportunities Find Me',
    plays: 143,
    creatorId: JONAH,
    content:
      'I notice opportunities everywhere I look. I am ready when they arrive and I act on them with confidence. The right doors open for me at the right time.',
  },
  {
    category: 'Wealth & Success',
    title: 'My Work Creates Value',
    plays: 71,
    content: 'The work I do matters. I bring skill, care and energy to everything I build. People value what I offer, and I value it too.',
  },
  {
    category: 'Wealth & Success',
    title: 'Steady Growth',
    plays: 58,
    content:
      'I grow a little every day. Small steps, repeated with patience, carry me further than I imagined. I trust the steady progress I am making.',
  },
  {
    category: 'Wealth & Success',
    title: 'A Generous Mindset',
    plays: 44,
    content: 'I give freely and I receive freely. Generosity keeps my wealth in motion. The more I share, the richer my life becomes.',
  },
  {
    category: 'Wealth & Success',
    title: 'Focused and Productive',
    plays: 122,
    creatorId: JONAH,
    content:
      'My mind is focused and my energy is directed. I give my full attention to what matters most. I finish what I start and I am proud of what I produce.',
  },
  {
    category: 'Wealth & Success',
    title: 'Success Feels Natural',
    plays: 37,
    content:
      'Success feels natural to me. I am comfortable with achievement and I let it become a normal part of my life. I expect good results and I work to create them.',
  },
  {
    category: 'Wealth & Success',
    title: 'I Ask for What I Am Worth',
    plays: 66,
    content:
      'I know my worth and I ask for it clearly. I speak about money with ease and confidence. I am paid fairly for the value I bring.',
  },
  {
    category: 'Wealth & Success',
    title: 'Prosperity in Every Area',
    plays: 29,
    content:
      'Prosperity shows up in my work, my relationships and my health. I am rich in friendship, in ideas and in time. My life is full, and I am thankful.',
  },
  {
    category: 'Wealth & Success',
    title: 'Building My Future',
    plays: 52,
    content:
      'I am building a future I am excited to live in. Each choice I make today is a brick in that foundation. I am patient, persistent and proud of the path I am on.',
  },

  // Health & Well-Being
  {
    category: 'Health & Well-Being',
    title: 'My Body Is Healing',
    plays: 176,
    creatorId: AMARA,
    content:
      'My body knows how to heal. With every breath I give it rest, nourishment and kindness. I feel stronger and more alive each day.',
  },
  {
    category: 'Health & Well-Being',
    title: 'I Nourish Myself',
    plays: 84,
    content:
      'I choose foods that nourish me and I eat with gratitude. I drink water, I move, and I rest. I treat my body as something precious, because it is.',
  },
  {
    category: 'Health & Well-Being',
    title: 'Energy Rises in Me',
    plays: 102,
    content:
      'I wake up with energy and purpose. Vitality flows through every part of me. I move through my day feeling light, capable and awake.',
  },
  {
    category: 'Health & Well-Being',
    title: 'Restful Sleep',
    plays: 161,
    creatorId: AMARA,
    content:
      'As I lie down, my body softens and my mind grows quiet. I release the day and let sleep come easily. I wake refreshed, restored and ready.',
  },
  {
    category: 'Health & Well-Being',
    title: 'I Listen to My Body',
    plays: 47,
    content: 'I listen to what my body tells me. I rest when I am tired and I move when I feel restless. I trust the wisdom within me.',
  },
  {
    category: 'Health & Well-Being',
    title: 'Strong and Capable',
    plays: 63,
    content:
      'My body is strong and capable. I am grateful for everything it does for me, every single day. I honour it with care and movement.',
  },
  {
    category: 'Health & Well-Being',
    title: 'Breathing Deeply',
    plays: 91,
    content: 'I breathe in slowly and fully. I breathe out tension and worry. With each breath, my body relaxes and my health deepens.',
  },
  {
    category: 'Health & Well-Being',
    title: 'Kind to Myself',
    plays: 118,
    creatorId: AMARA,
    content:
      'I speak to myself with kindness. I forgive myself for past mistakes and I care for myself like someone I love. My well-being matters.',
  },
  {
    category: 'Health & Well-Being',
    title: 'Healthy Habits Come Easily',
    plays: 39,
    content:
      'Healthy habits come easily to me. I enjoy moving my body and caring for my mind. Each good choice makes the next one simpler.',
  },
  {
    category: 'Health & Well-Being',
    title: 'Balanced Mind and Body',
    plays: 55,
    content: 'My mind and body work together in balance. I make room for work, for rest and for joy. I feel centred and whole.',
  },
  {
    category: 'Health & Well-Being',
    title: 'Every Cell Is Thriving',
    plays: 33,
    content:
      'Every cell in my body is thriving. I feel health and strength moving through me. I am grateful to be alive in this body today.',
  },
  {
    category: 'Health & Well-Being',
    title: 'Gentle Recovery',
    plays: 26,
    content:
      'I give myself time to recover. Healing is not a race, and I honour my own pace. Each day I am a little better than the day before.',
  },

  // Confidence & Empowerment
  {
    category: 'Confidence & Empowerment',
    title: 'I Believe in Myself',
    plays: 241,
    creatorId: MAYA,
    content: 'I believe in myself and my abilities. I have overcome challenges before and I will do it again. I trust who I am becoming.',
  },
  {
    category: 'Confidence & Empowerment',
    title: 'My Voice Matters',
    plays: 167,
    creatorId: MAYA,
    content: 'My voice matters and my ideas deserve to be heard. I speak clearly and with confidence. I take up space without apology.',
  },
  {
    category: 'Confidence & Empowerment',
    title: 'I Am Enough',
    plays: 198,
    content: 'I am enough exactly as I am. I do not need to prove my worth to anyone. I stand tall in who I am today.',
  },
  {
    category: 'Confidence & Empowerment',
    title: 'Courage Over Comfort',
    plays: 88,
    content: 'I choose courage over comfort. I step forward even when I feel unsure. Every brave step makes me stronger.',
  },
  {
    category: 'Confidence & Empowerment',
    title: 'I Set Healthy Boundaries',
    plays: 74,
    creatorId: MAYA,
    content:
      'I set boundaries with kindness and confidence. Saying no to what drains me is saying yes to myself. I protect my energy without guilt.',
  },
  {
    category: 'Confidence & Empowerment',
    title: 'Trusting My Decisions',
    plays: 61,
    content:
      'I trust my decisions. I gather what I need to know, I listen to my intuition and I choose. I stand behind my choices with confidence.',
  },
  {
    category: 'Confidence & Empowerment',
    title: 'Growing Through Challenges',
    plays: 49,
    content:
      'Challenges help me grow. I meet difficulty with curiosity instead of fear. I am stronger and wiser for everything I have been through.',
  },
  {
    category: 'Confidence & Empowerment',
    title: 'I Own My Story',
    plays: 57,
    content: 'I own my story, all of it. My past has shaped me but it does not limit me. I write the next chapter with intention.',
  },
  {
    category: 'Confidence & Empowerment',
    title: 'Radiating Confidence',
    plays: 112,
    content: 'I walk into every room with quiet confidence. I am comfortable being seen. People feel my calm strength and I feel it too.',
  },
  {
    category: 'Confidence & Empowerment',
    title: 'I Am Capable of Anything I Practise',
    plays: 34,
    content:
      'I am capable of learning anything I practise. Skill comes from patience and repetition, and I have both. I welcome the process of getting better.',
  },
  {
    category: 'Confidence & Empowerment',
    title: 'Worthy of Respect',
    plays: 42,
    content:
      'I am worthy of respect, from others and from myself. I treat myself with dignity. I expect to be treated well, and I treat others the same.',
  },
  {
    category: 'Confidence & Empowerment',
    title: 'Leading With Purpose',
    plays: 28,
    content: 'I lead with purpose and integrity. People trust me because I am honest and consistent. I inspire others by being myself.',
  },

  // Calm & Relaxation
  {
    category: 'Calm & Relaxation',
    title: 'Peace in This Moment',
    plays: 229,
    creatorId: AMARA,
    content: 'I am at peace in this moment. There is nothing I need to fix right now. I breathe, I soften, and I simply am.',
  },
  {
    category: 'Calm & Relaxation',
    title: 'Letting Go of Tension',
    plays: 153,
    content:
      'I let go of the tension in my shoulders, my jaw and my hands. My body becomes heavy and warm. I release what I no longer need to carry.',
  },
  {
    category: 'Calm & Relaxation',
    title: 'Calm Like Still Water',
    plays: 134,
    creatorId: AMARA,
    content: 'My mind is calm like still water. Thoughts come and go like gentle ripples. Beneath them, I am quiet and steady.',
  },
  {
    category: 'Calm & Relaxation',
    title: 'I Release Worry',
    plays: 97,
    content: 'I release worry about what I cannot control. I focus on what is in front of me. I handle each moment as it comes.',
  },
  {
    category: 'Calm & Relaxation',
    title: 'Slow and Steady Breath',
    plays: 81,
    content: 'My breath is slow and steady. With each exhale, my heartbeat settles. I feel grounded and safe.',
  },
  {
    category: 'Calm & Relaxation',
    title: 'Safe and Grounded',
    plays: 68,
    content: 'I am safe. My feet are on the ground and I am supported. I can meet this day from a place of calm.',
  },
  {
    category: 'Calm & Relaxation',
    title: 'Gentle Evening',
    plays: 45,
    content: 'As the day ends, I let my thoughts grow quiet. I am proud of what I did and at ease with what is left. Tonight I rest.',
  },
  {
    category: 'Calm & Relaxation',
    title: 'Space Between Thoughts',
    plays: 38,
    content: 'I notice the quiet space between my thoughts. I rest there for a moment. In that stillness, I find clarity.',
  },
  {
    category: 'Calm & Relaxation',
    title: 'Patience With Myself',
    plays: 53,
    content: 'I am patient with myself. I do not have to rush. Everything unfolds in its own time, and so do I.',
  },
  {
    category: 'Calm & Relaxation',
    title: 'Soft and Unhurried',
    plays: 31,
    content: 'I move through my day softly and without hurry. I have time for what matters. I choose calm again and again.',
  },
  {
    category: 'Calm & Relaxation',
    title: 'Anchored in the Present',
    plays: 76,
    content: 'I anchor myself in the present moment. I feel the air, the light and the ground beneath me. Here and now, all is well.',
  },
  {
    category: 'Calm & Relaxation',
    title: 'I Choose Peace',
    plays: 24,
    content: 'In every situation, I can choose peace. I respond instead of react. My calm is a gift I give to myself and others.',
  },

  // Happiness & Positivity
  {
    category: 'Happiness & Positivity',
    title: 'Joy Is My Natural State',
    plays: 187,
    creatorId: MAYA,
    content: 'Joy is my natural state. I find delight in small things: warm light, good music, a kind word. Happiness rises in me easily.',
  },
  {
    category: 'Happiness & Positivity',
    title: 'Grateful for Today',
    plays: 146,
    creatorId: MAYA,
    content: 'I am grateful for today and everything in it. I notice the good around me. Gratitude fills me with warmth and lightness.',
  },
  {
    category: 'Happiness & Positivity',
    title: 'I Choose Optimism',
    plays: 92,
    content: 'I choose to see the possibilities in every situation. I expect good things and I look for them. My optimism shapes my days.',
  },
  {
    category: 'Happiness & Positivity',
    title: 'Laughter Comes Easily',
    plays: 59,
    content: 'Laughter comes easily to me. I do not take every moment too seriously. I share lightness with the people around me.',
  },
  {
    category: 'Happiness & Positivity',
    title: 'Surrounded by Love',
    plays: 113,
    content: 'I am surrounded by love. I give it freely and I let it in. My relationships are warm, honest and supportive.',
  },
  {
    category: 'Happiness & Positivity',
    title: 'Today Is a Good Day',
    plays: 79,
    content:
      'Today is a good day, and I am ready for it. I greet it with an open heart. Whatever comes, I will find something to smile about.',
  },
  {
    category: 'Happiness & Positivity',
    title: 'I Celebrate Small Wins',
    plays: 46,
    content: 'I celebrate every small win. Each one is proof that I am moving forward. I let myself feel proud and happy.',
  },
  {
    category: 'Happiness & Positivity',
    title: 'Light in My Heart',
    plays: 35,
    content: 'There is light in my heart that nothing can dim. I carry it with me wherever I go. I share it generously.',
  },
  {
    category: 'Happiness & Positivity',
    title: 'Life Is on My Side',
    plays: 64,
    content: 'Life is on my side. Things have a way of working out for me. I trust the good that is unfolding.',
  },
  {
    category: 'Happiness & Positivity',
    title: 'Kindness Makes Me Happy',
    plays: 41,
    content: 'Kindness makes me happy. I look for chances to help, to listen and to encourage. The good I give comes back to me.',
  },
  {
    category: 'Happiness & Positivity',
    title: 'Present and Playful',
    plays: 27,
    content: 'I am present and playful. I let curiosity lead me. I enjoy this life, one moment at a time.',
  },
  {
    category: 'Happiness & Positivity',
    title: 'My Happiness Grows',
    plays: 22,
    content:
      'My happiness grows a little more each day. I water it with gratitude, rest and connection. I am becoming lighter and brighter.',
  },
];
