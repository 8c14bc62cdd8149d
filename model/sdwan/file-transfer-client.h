/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FILE_TRANSFER_CLIENT_H
#define FILE_TRANSFER_CLIENT_H

#include "file-transfer-application.h"
#include "tunnel-router.h"

#include "ns3/address.h"
#include "ns3/event-id.h"
#include "ns3/nstime.h"
#include "ns3/random-variable-stream.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <string>
#include <unordered_map>

namespace ns3
{

class Socket;

namespace rsched
{
/**
 * \ingroup request-scheduling-sdwan
 * \brief One request of a file-hosting client: a download or an upload of
 * a number of full-size TCP segments over its own TCP connection.
 */
struct FileTransfer
{
    uint64_t id{0};      //!< request number at its client
    bool upload{false};  //!< client -> server (else server -> client)
    uint64_t packets{0}; //!< size in full segments
    uint64_t bytes{0};   //!< size in bytes
    Time start;          //!< when the client opened the connection
    Time end;            //!< when it completed (or failed)
    FlowKey key;         //!< client -> server 5-tuple (valid once connecting)
};

/**
 * \ingroup request-scheduling-sdwan
 * \brief The client side of a file-hosting service (the SD-WAN paper's
 * NextCloud workload): requests arrive as a renewal process
 * (InterArrival; exponential gaps make it Poisson) and each opens its own
 * TCP connection to the server, sends a 12-byte request (direction and
 * size) and then, for an upload, the file.
 *
 * Request sizes are drawn in packets (full segments of SegmentSize bytes):
 * uploads with probability UploadProbability from UploadSize, downloads
 * from DownloadSize (values below 1 count as 1). A download completes when
 * its last byte arrives, an upload when the server closes the connection
 * after its last byte (FileTransferServer). The server closes first, so
 * the client's connections leave no TIME_WAIT state behind.
 *
 * Conservation: started = completed + in flight + failed (connection
 * refused or reset, with the reason in the Failed trace).
 */
class FileTransferClient : public FileTransferApplication
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    FileTransferClient();
    ~FileTransferClient() override;

    /// \return requests started
    uint64_t GetStarted() const;
    /// \return requests completed
    uint64_t GetCompleted() const;
    /// \return requests failed
    uint64_t GetFailed() const;
    /// \return requests open now
    uint64_t GetInFlight() const;
    /**
     * \brief Assign fixed random streams.
     * \param stream first stream index
     * \return streams used
     */
    int64_t AssignStreams(int64_t stream);

    /**
     * \brief TracedCallback signature of Started and Completed.
     * \param transfer the request
     */
    typedef void (*TransferTracedCallback)(const FileTransfer& transfer);
    /**
     * \brief TracedCallback signature of Failed.
     * \param transfer the request
     * \param reason why it failed
     */
    typedef void (*FailedTracedCallback)(const FileTransfer& transfer, const std::string& reason);

  protected:
    void DoDispose() override;

  private:
    void StartApplication() override;
    void StopApplication() override;

    /// Open the next request's connection and schedule the one after.
    void NextRequest();
    /// \param socket connected
    void Connected(Ptr<Socket> socket);
    /// \param socket failed to connect
    void ConnectionFailed(Ptr<Socket> socket);
    /// \param socket has data
    void Receive(Ptr<Socket> socket);
    /// \param socket its peer closed \param available unused
    void SendMore(Ptr<Socket> socket, uint32_t available);
    /// \param socket its peer closed
    void PeerClosed(Ptr<Socket> socket);
    /// \param socket reset
    void Reset(Ptr<Socket> socket);
    /**
     * \brief End a request.
     * \param socket its socket
     * \param reason empty if completed, else why it failed
     */
    void Finish(Ptr<Socket> socket, const std::string& reason);

    /// A request in flight.
    struct Open
    {
        FileTransfer transfer; //!< the request
        uint64_t toSend{0};    //!< bytes still to hand to the socket
        uint64_t received{0};  //!< bytes received (downloads)
    };

    Address m_remote;                                     //!< server address and port
    Ptr<RandomVariableStream> m_interArrival;             //!< gap between requests (s)
    Ptr<RandomVariableStream> m_downloadSize;             //!< packets
    Ptr<RandomVariableStream> m_uploadSize;               //!< packets
    Ptr<UniformRandomVariable> m_direction;               //!< upload or download
    double m_uploadProbability;                           //!< share of uploads
    EventId m_next;                                       //!< next request
    std::unordered_map<Socket*, Open> m_open;             //!< requests in flight
    uint64_t m_started{0};                                //!< requests started
    uint64_t m_completed{0};                              //!< requests completed
    uint64_t m_failed{0};                                 //!< requests failed
    TracedCallback<const FileTransfer&> m_startedTrace;   //!< Started
    TracedCallback<const FileTransfer&> m_completedTrace; //!< Completed
    TracedCallback<const FileTransfer&, const std::string&> m_failedTrace; //!< Failed
};

} // namespace rsched
} // namespace ns3

#endif // FILE_TRANSFER_CLIENT_H
