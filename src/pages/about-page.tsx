import { Link } from 'wouter';
import { ExternalLink } from '../app/external-link';
import { externalLinks, paths } from '../app/routes';
import { usePageTitle, withProductName } from '../lib/use-page-title';
import '../styles/prose.css';

// Facts on this page come from /work/shared/CONTENT-FACTS.md (desktop repository history).
const people = [
  {
    name: 'Felipe D. Martins',
    affiliation: 'Universidade Federal do Rio de Janeiro, Brazil',
    orcid: '0000-0002-9965-042X',
    role: 'Started TiLiA in 2022; about 1,341 commits up to version 0.5.12.',
  },
  {
    name: 'Anne R. E. Foo',
    affiliation: 'Independent Researcher, United Kingdom',
    orcid: '0009-0003-9839-473X',
    role: 'Developer since March 2024, with 447 commits up to version 0.5.12.',
  },
  {
    name: 'Mark R. H. Gotham',
    affiliation: 'King’s College London, United Kingdom',
    orcid: '0000-0003-0722-3074',
    role: 'Co-author of the paper describing TiLiA.',
  },
] as const;

export function AboutPage() {
  usePageTitle(withProductName('About'));
  return (
    <div className="page page--narrow prose">
      <h1>About TiLiA</h1>
      <p className="lead">
        TiLiA is a free, open-source, cross-platform tool for annotating audio, video and scores on
        timelines. It has a desktop app with a graphical interface and a command-line interface, and
        this web platform, where analyses can be browsed, viewed and shared.
      </p>

      <h2>History</h2>
      <ul className="timeline-list">
        <li>
          <strong>2022.</strong> Felipe Martins started TiLiA in August 2022, with a first interface
          built on Tkinter. The hierarchy timeline was there from the first commit; marker and beat
          timelines and autosaving followed that December.
        </li>
        <li>
          <strong>2023.</strong> Version 0.1 came out in February and 0.1.1 in May. A major redesign
          separated TiLiA’s logic from its interface, which then moved to PyQt, bringing the harmony
          timeline and a YouTube player.
        </li>
        <li>
          <strong>2024.</strong> Version 0.3 (February) shipped the redesign and the command-line
          interface. The audiowave timeline arrived in 0.3.4 and the PDF timeline in 0.4-beta.
        </li>
        <li>
          <strong>2025.</strong> Version 0.5.0 added the score timeline with MusicXML import, and
          JSON export. Builds have been made automatically with GitHub Actions since 0.5.1, and
          crash reports are sent automatically since 0.5.8. In March the project was relicensed
          under the GNU GPL v3, first released in 0.5.11 along with image export. Version 0.5.12
          followed in June 2025; by then the project counted 1,792 commits.
        </li>
      </ul>
      <p>
        A paper describing TiLiA was written for the Journal of Open Source Software; its{' '}
        <ExternalLink href="https://github.com/openjournals/joss-reviews/issues/8417">
          JOSS review
        </ExternalLink>{' '}
        is public. An{' '}
        <ExternalLink href="https://zenodo.org/records/14779020">
          HCI 2023 presentation of TiLiA
        </ExternalLink>{' '}
        is available on Zenodo. TiLiA’s home on the web is{' '}
        <ExternalLink href="https://tilia-app.com">tilia-app.com</ExternalLink>.
      </p>

      <h2>People</h2>
      <p>The authors of the TiLiA paper, who contributed equally:</p>
      <ul className="people-list">
        {people.map((person) => (
          <li key={person.name}>
            <p className="people-list__name">{person.name}</p>
            <p className="people-list__affiliation">{person.affiliation}</p>
            <p>{person.role}</p>
            <p className="people-list__orcid">
              ORCID{' '}
              <ExternalLink href={`https://orcid.org/${person.orcid}`}>{person.orcid}</ExternalLink>
            </p>
          </li>
        ))}
      </ul>
      <p>
        Thanks also to everyone who has fixed a typo, reported a bug or suggested an idea on{' '}
        <ExternalLink href={externalLinks.issues}>TiLiA’s issue tracker</ExternalLink>.
      </p>

      <h2>Funding</h2>
      <p>
        TiLiA has no funding or grant statement: none appears in its paper, README or contribution
        guide. The project is developed by its contributors.
      </p>

      <h2>Acknowledgements</h2>
      <p>
        TiLiA’s interface was greatly influenced by{' '}
        <ExternalLink href="http://singanewsong.org/audiotimeliner">
          Brent Yorgason’s Audio Timeliner
        </ExternalLink>
        .
      </p>

      <h2>Licence</h2>
      <p>
        TiLiA is free software: you can redistribute it and modify it under the terms of the GNU
        General Public License, either version 3 of the License or any later version. Read the{' '}
        <ExternalLink href={externalLinks.licence}>full licence text</ExternalLink>. Before March
        2025 TiLiA was licensed under Creative Commons BY-SA 4.0; it moved to the GPL v3 to respect
        the licence of PyQt, which it depends on. This web platform is GPL v3 (or later) too.
      </p>

      <h2>Example data</h2>
      <p>
        The example analyses on the <Link to={paths.home}>home page</Link> come from the DCML’s{' '}
        <ExternalLink href="https://github.com/DCMLab/mozart_piano_sonatas">
          Annotated Mozart Sonatas repository
        </ExternalLink>
        , licensed under{' '}
        <ExternalLink href="https://creativecommons.org/licenses/by-nc-sa/4.0/">
          CC BY-NC-SA 4.0
        </ExternalLink>
        . Please cite:
      </p>
      <blockquote className="citation">
        Hentschel, J., Neuwirth, M. &amp; Rohrmeier, M. (2021). The Annotated Mozart Sonatas: Score,
        Harmony, and Cadence.{' '}
        <cite>Transactions of the International Society for Music Information Retrieval</cite>,
        4(1), 67–80.{' '}
        <ExternalLink href="https://doi.org/10.5334/tismir.63">
          https://doi.org/10.5334/tismir.63
        </ExternalLink>
      </blockquote>

      <h2>Contact</h2>
      <p>
        Write to <a href="mailto:tilia@tilia-app.com">tilia@tilia-app.com</a>, or{' '}
        <ExternalLink href={externalLinks.newIssue}>open an issue on GitHub</ExternalLink>. When
        reporting a bug, please give your operating system, your TiLiA version (Help &gt; About in
        the desktop app), a description of the problem and the steps that cause it. To help in other
        ways, read the{' '}
        <ExternalLink href={externalLinks.contributing}>contribution guide</ExternalLink>.
      </p>
    </div>
  );
}
